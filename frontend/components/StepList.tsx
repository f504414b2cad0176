import { Box, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react'

export interface Step {
  readonly title: string
  readonly description: string
}

/**
 * A numbered process. The list is an `<ol>`, so its order is announced; the big number is
 * decoration drawn from the item's position.
 */
export function StepList({ steps }: { readonly steps: readonly Step[] }) {
  return (
    <SimpleGrid as="ol" columns={{ base: 1, md: 2, lg: steps.length === 5 ? 5 : 4 }} gap="6">
      {steps.map((step, index) => (
        <Stack as="li" key={step.title} gap="3">
          <Box
            aria-hidden="true"
            boxSize="12"
            rounded="full"
            bg="brand.solid"
            color="white"
            fontWeight="bold"
            fontSize="xl"
            display="flex"
            alignItems="center"
            justifyContent="center"
          >
            {index + 1}
          </Box>
          <Heading as="h3" size="lg">
            {step.title}
          </Heading>
          <Text color="gray.700">{step.description}</Text>
        </Stack>
      ))}
    </SimpleGrid>
  )
}
