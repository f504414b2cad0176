import { Box, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { Section, type SectionProps } from './Section.tsx'

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

interface ProcessSectionProps extends Pick<SectionProps, 'tone'> {
  /** The process's copy from its content module: heading, intro and steps. */
  readonly process: {
    readonly heading: string
    readonly intro?: string
    readonly steps: readonly Step[]
  }
}

/** The "process" section of a service page: its numbered steps under its heading and intro. */
export function ProcessSection({ process, tone }: ProcessSectionProps) {
  return (
    <Section id="process" heading={process.heading} intro={process.intro} tone={tone}>
      <StepList steps={process.steps} />
    </Section>
  )
}
