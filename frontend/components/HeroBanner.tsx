import { Box, Container, Heading, Image, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { artworkFamilyFor } from './artwork.ts'
import { fallbackSrc, heroImageFor, type ResponsiveImage, srcSet } from './images.ts'

export interface HeroBannerProps {
  readonly title: string
  readonly subtitle?: string
  /** Background artwork; the page family's (by the page's path) when omitted. */
  readonly image?: ResponsiveImage
  /** Fill the viewport below the navigation bar (the home page). */
  readonly fullScreen?: boolean
  readonly children?: ReactNode
}

export function HeroBanner({
  title,
  subtitle,
  image: given,
  fullScreen = false,
  children,
}: HeroBannerProps) {
  const { urlPathname } = usePageContext()
  const image = given ?? heroImageFor(artworkFamilyFor(urlPathname))
  return (
    <Box
      as="section"
      aria-label={title}
      position="relative"
      overflow="hidden"
      color="white"
      data-surface="dark"
      bg="brand.900"
      display="flex"
      alignItems="center"
      minH={fullScreen ? 'calc(100svh - 5rem)' : { base: '18rem', md: '22rem' }}
      py={{ base: '16', md: '20' }}
    >
      <picture>
        <source type="image/avif" srcSet={srcSet(image, 'avif')} sizes="100vw" />
        <source type="image/webp" srcSet={srcSet(image, 'webp')} sizes="100vw" />
        <Image
          src={fallbackSrc(image)}
          alt={image.alt}
          htmlWidth="960"
          htmlHeight={Math.round(960 / image.aspectRatio)}
          // The full-screen hero is the first thing seen: fetch its image before anything else.
          fetchPriority={fullScreen ? 'high' : 'auto'}
          decoding="async"
          position="absolute"
          inset="0"
          w="full"
          h="full"
          objectFit="cover"
          // The motif sits right of centre; a narrow hero keeps it in view.
          objectPosition="75% 50%"
        />
      </picture>
      <Box
        position="absolute"
        inset="0"
        bgGradient="to-r"
        gradientFrom="rgba(8, 15, 45, 0.88)"
        gradientTo="rgba(8, 15, 45, 0.55)"
      />
      <Container maxW="7xl" position="relative">
        <Box maxW="3xl">
          <Heading
            as="h1"
            size={{ base: '4xl', md: fullScreen ? '6xl' : '5xl' }}
            lineHeight="1.1"
            mb="5"
          >
            {title}
          </Heading>
          {subtitle && (
            <Text fontSize={{ base: 'lg', md: 'xl' }} color="gray.100" mb={children ? '8' : '0'}>
              {subtitle}
            </Text>
          )}
          {children}
        </Box>
      </Container>
    </Box>
  )
}
