import { Box, Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { Breadcrumbs } from '#frontend/components/Breadcrumbs.tsx'
import { CardSection } from '#frontend/components/CardGrid.tsx'
import { CheckList } from '#frontend/components/CheckList.tsx'
import { ClosingCta } from '#frontend/components/ClosingCta.tsx'
import { HeroBanner } from '#frontend/components/HeroBanner.tsx'
import { highlightPanel } from '#frontend/components/highlight-panel.ts'
import { advantages, benefits, breadcrumb, closing, hero, promise } from './content.ts'

export default function Page() {
  return (
    <>
      <Breadcrumbs items={[{ label: breadcrumb }]} />
      <HeroBanner title={hero.title} subtitle={hero.subtitle} />
      <CardSection id="benefits" content={benefits} tone="muted" />
      <Box py={{ base: '14', md: '20' }}>
        <Container maxW="7xl">
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: '10', lg: '12' }}>
            <Box as="section" aria-labelledby="advantages-heading">
              <Heading as="h2" id="advantages-heading" size={{ base: '2xl', md: '3xl' }} mb="6">
                {advantages.heading}
              </Heading>
              <CheckList items={advantages.points} />
            </Box>
            <Stack as="section" aria-labelledby="promise-heading" gap="4" {...highlightPanel}>
              <Heading as="h2" id="promise-heading" size="2xl">
                {promise.heading}
              </Heading>
              {promise.paragraphs.map((paragraph) => (
                <Text key={paragraph} color="gray.700">
                  {paragraph}
                </Text>
              ))}
            </Stack>
          </SimpleGrid>
        </Container>
      </Box>
      <ClosingCta heading={closing.heading} text={closing.text} actions={closing.actions} />
    </>
  )
}
