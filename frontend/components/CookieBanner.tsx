import {
  Box,
  Button,
  Container,
  Flex,
  Grid,
  Heading,
  IconButton,
  Link,
  Text,
} from '@chakra-ui/react'
import { BANNER_EXIT_MS } from '../consent/constants.ts'
import { Icon } from './Icon.tsx'

const copy = {
  title: 'We use cookies',
  text: 'Essential cookies keep this site working. Optional analytics cookies are set only if you accept them.',
  policyLink: { href: '/privacy-policy', label: 'Read our privacy policy' },
  decline: 'Decline Optional',
  accept: 'Accept All Cookies',
  close: 'Close',
} as const

/**
 * The cookie consent banner, prerendered hidden: consent/banner.ts shows it to visitors who have
 * not chosen yet and handles its buttons. Fixed to the bottom so it never moves the page, and
 * placed early in the document so keyboard users meet it before the page's content.
 */
export function CookieBanner({ gaMeasurementId }: { gaMeasurementId: string | undefined }) {
  return (
    <Box
      as="section"
      id="cookie-banner"
      data-cookie-banner=""
      data-ga-id={gaMeasurementId}
      data-state="closed"
      hidden
      aria-labelledby="cookie-banner-title"
      tabIndex={-1}
      position="fixed"
      bottom="0"
      insetX="0"
      zIndex="banner"
      bg="white"
      borderTopWidth="1px"
      borderColor="gray.200"
      boxShadow="0 -4px 16px rgba(15, 31, 87, 0.12)"
      transition={`opacity ${BANNER_EXIT_MS}ms ease, transform ${BANNER_EXIT_MS}ms ease`}
      _focus={{ outline: 'none' }}
      _motionReduce={{ transition: 'none' }}
      css={{
        // Slides in from its closed look when it appears (no script work, so no forced reflow).
        '@starting-style': {
          '&[data-state=open]': { opacity: 0, transform: 'translateY(100%)' },
        },
        // Leaving, it no longer takes clicks meant for the page beneath it.
        '&[data-state=closed]': {
          opacity: 0,
          transform: 'translateY(100%)',
          pointerEvents: 'none',
        },
        // The return-to-top button (a later sibling) rises above the banner while it is open.
        '&:not([hidden]) ~ [data-scroll-top]': {
          bottom: 'calc(var(--cookie-banner-height, 0px) + 1.5rem)',
        },
      }}
    >
      <Container maxW="7xl" py={{ base: '3', md: '4' }} position="relative">
        <Flex
          direction={{ base: 'column', md: 'row' }}
          align={{ base: 'stretch', md: 'center' }}
          gap={{ base: '3', md: '6' }}
          pe={{ base: '8', md: '12' }}
        >
          <Box flex="1">
            <Heading as="h2" id="cookie-banner-title" size="md" color="gray.900">
              {copy.title}
            </Heading>
            <Text fontSize="sm" color="gray.700" mt="1">
              {copy.text}{' '}
              <Link href={copy.policyLink.href} color="brand.fg" textDecoration="underline">
                {copy.policyLink.label}
              </Link>
            </Text>
          </Box>
          {/* Declining is as easy and as prominent as accepting (the ICO's guidance): the same
              size, the same fill, side by side in two equal columns. */}
          <Grid templateColumns="1fr 1fr" gap="3" flexShrink="0">
            <Button data-consent="declined" type="button" colorPalette="brand" size="sm">
              {copy.decline}
            </Button>
            <Button data-consent="accepted" type="button" colorPalette="brand" size="sm">
              {copy.accept}
            </Button>
          </Grid>
        </Flex>
        <IconButton
          data-consent-close=""
          type="button"
          aria-label={copy.close}
          variant="ghost"
          size="sm"
          position="absolute"
          top="2"
          right={{ base: '2', md: '4' }}
        >
          <Icon name="close" />
        </IconButton>
      </Container>
    </Box>
  )
}
