import { Box, Container, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { Breadcrumbs } from '#frontend/components/Breadcrumbs.tsx'
import { ClosingCta } from '#frontend/components/ClosingCta.tsx'
import { cardSurface } from '#frontend/components/card-surface.ts'
import { HeroBanner } from '#frontend/components/HeroBanner.tsx'
import { Icon } from '#frontend/components/Icon.tsx'
import { Section } from '#frontend/components/Section.tsx'
import { badges, breadcrumb, closing, hero, image, imageBadge, mission, story } from './content.ts'
import { storyArtworkSize, storyArtworkSvg } from './story-artwork.ts'

export default function Page() {
  return (
    <>
      <Breadcrumbs items={[{ label: breadcrumb }]} />
      <HeroBanner title={hero.title} subtitle={hero.subtitle} />
      <Box as="section" aria-labelledby="story-heading" py={{ base: '14', md: '20' }}>
        <Container maxW="7xl">
          <Flex
            direction={{ base: 'column', lg: 'row' }}
            gap={{ base: '10', lg: '16' }}
            // Side by side, the story starts level with the picture rather than centred on it: a
            // browser that paints while the page is still being parsed (one without `rel=expect`,
            // pages/+Head.tsx) would move text centred on a column that grows as it is parsed.
            align={{ base: 'center', lg: 'flex-start' }}
          >
            <Stack gap="4" flex="1" fontSize="lg" color="gray.700">
              <Heading
                as="h2"
                id="story-heading"
                size={{ base: '2xl', md: '3xl' }}
                color="gray.900"
              >
                {story.heading}
              </Heading>
              {story.paragraphs.map((paragraph) => (
                <Text key={paragraph}>{paragraph}</Text>
              ))}
            </Stack>
            {/* The badge sits below the picture, never on it: the chart fills most of the
                artwork, and at phone widths no corner of it is free for a badge. */}
            <Stack gap="4" flex="1" w="full">
              <Box
                role="img"
                aria-label={image.alt}
                aspectRatio={storyArtworkSize.width / storyArtworkSize.height}
                overflow="hidden"
                rounded="2xl"
                boxShadow="lg"
                css={{ '& svg': { display: 'block', width: '100%', height: '100%' } }}
                // Inline, it paints with the story: as a file it was fetched a round trip after
                // the HTML, and beside the hero on a wide screen it is the page's largest paint.
                // biome-ignore lint/security/noDangerouslySetInnerHtml: our own SVG, built from constants, no input.
                dangerouslySetInnerHTML={{ __html: storyArtworkSvg }}
              />
              <Box
                data-image-badge=""
                alignSelf="flex-start"
                ms={{ base: '4', md: '6' }}
                {...cardSurface}
                boxShadow="lg"
                px="5"
                py="3"
              >
                <Text fontWeight="bold" color="brand.fg">
                  {imageBadge.title}
                </Text>
                <Text fontSize="sm" color="gray.700">
                  {imageBadge.text}
                </Text>
              </Box>
            </Stack>
          </Flex>
        </Container>
      </Box>
      <Section id="mission" heading={mission.heading} intro={mission.text} tone="muted">
        <SimpleGrid as="ul" columns={{ base: 1, md: 3 }} gap="6">
          {badges.map((badge) => (
            <Flex as="li" key={badge.label} gap="4" p="5" {...cardSurface}>
              <Box color="brand.fg" flexShrink="0">
                <Icon name={badge.icon} size={28} />
              </Box>
              <div>
                <Text fontWeight="bold" fontSize="lg">
                  {badge.label}
                </Text>
                <Text color="gray.700">{badge.detail}</Text>
              </div>
            </Flex>
          ))}
        </SimpleGrid>
      </Section>
      <ClosingCta heading={closing.heading} text={closing.text} actions={closing.actions} />
    </>
  )
}
