import { Box, Flex, Link } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { site } from '../build-identity.ts'
import { CookieBanner } from '../components/CookieBanner.tsx'
import { Footer } from '../components/Footer.tsx'
import { NavBar } from '../components/NavBar.tsx'
import { PageEnd } from '../components/PageEnd.tsx'
import { ScrollToTopButton } from '../components/ScrollToTopButton.tsx'

export default function Layout({ children }: { children: ReactNode }) {
  const { urlPathname } = usePageContext()
  return (
    <Flex direction="column" minH="100dvh">
      <Link
        href="#main"
        position="absolute"
        left="4"
        top="-20"
        zIndex="skipNav"
        bg="white"
        color="brand.fg"
        px="4"
        py="2"
        rounded="md"
        boxShadow="md"
        _focus={{ top: '4' }}
      >
        Skip to main content
      </Link>
      <CookieBanner gaMeasurementId={site.gaMeasurementId} />
      <NavBar currentPath={urlPathname} />
      {/* The spec's header offset: 20 units of top padding keep content clear of the fixed bar. */}
      <Box as="main" id="main" tabIndex={-1} pt="20" flex="1" _focus={{ outline: 'none' }}>
        {children}
      </Box>
      <Footer />
      <ScrollToTopButton />
      <PageEnd />
    </Flex>
  )
}
