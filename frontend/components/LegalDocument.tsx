import { Box, Container, Heading, Link, List, Stack, Text } from '@chakra-ui/react'
import type { LegalBlock, LegalSection } from './legal-document.ts'
import { sectionLandmark } from './Section.tsx'

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === 'string') return <Text>{block}</Text>
  if ('heading' in block) {
    return (
      <Heading as="h3" size="md" color="gray.900" pt="2">
        {block.heading}
      </Heading>
    )
  }
  if ('list' in block) {
    return (
      <List.Root gap="2" ps="6" listStyleType="disc">
        {block.list.map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List.Root>
    )
  }
  return (
    <Box as="dl" display="grid" gridTemplateColumns="max-content 1fr" columnGap="4" rowGap="2">
      {block.details.map((detail) => (
        <Box display="contents" key={detail.term}>
          <Box as="dt" fontWeight="semibold" color="gray.900">
            {detail.term}
          </Box>
          <Box as="dd" wordBreak="break-word">
            {detail.href ? (
              <Link href={detail.href} color="brand.fg" textDecoration="underline">
                {detail.description}
              </Link>
            ) : (
              detail.description
            )}
          </Box>
        </Box>
      ))}
    </Box>
  )
}

/**
 * Terms and policies: a contents list linking to numbered sections, each an h2 with its own
 * fragment id, so a clause can be linked to directly.
 */
export function LegalDocument({
  lastUpdated,
  intro,
  sections,
}: {
  /** Shown above the introduction, e.g. 'Last Updated: January 2025'. */
  readonly lastUpdated?: string
  readonly intro: readonly string[]
  readonly sections: readonly LegalSection[]
}) {
  return (
    <Container maxW="4xl" py={{ base: '12', md: '16' }}>
      {lastUpdated && (
        <Text fontWeight="semibold" color="gray.700" mb="4">
          {lastUpdated}
        </Text>
      )}
      <Stack gap="4" fontSize="lg" color="gray.700" mb="10">
        {intro.map((paragraph) => (
          <Text key={paragraph}>{paragraph}</Text>
        ))}
      </Stack>
      <Box
        as="nav"
        aria-labelledby="contents-heading"
        bg="gray.50"
        borderWidth="1px"
        borderColor="gray.200"
        rounded="xl"
        p="6"
        mb="12"
      >
        <Heading as="h2" id="contents-heading" size="lg" mb="3">
          Contents
        </Heading>
        <List.Root as="ol" gap="1" ps="6" listStyleType="decimal">
          {sections.map((section) => (
            <List.Item key={section.id}>
              <Link href={`#${section.id}`} color="brand.fg" textDecoration="underline">
                {section.title}
              </Link>
            </List.Item>
          ))}
        </List.Root>
      </Box>
      <Stack gap="12">
        {sections.map((section, index) => {
          const landmark = sectionLandmark(section.id)
          return (
            <Stack key={section.id} {...landmark.section} gap="4" color="gray.700">
              <Heading {...landmark.heading} size="2xl" color="gray.900">
                {index + 1}. {section.title}
              </Heading>
              {section.blocks.map((block) => (
                <Block
                  key={typeof block === 'string' ? block : JSON.stringify(block)}
                  block={block}
                />
              ))}
            </Stack>
          )
        })}
      </Stack>
    </Container>
  )
}
