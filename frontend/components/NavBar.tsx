import { Box, Button, Container, Flex, HStack, Link, Stack } from '@chakra-ui/react'
import { contactButton, navLinks } from '#shared/routes.ts'
import { site } from '../build-identity.ts'
import { Icon } from './Icon.tsx'
import { summaryButton } from './summary-button.ts'

/**
 * Fixed top navigation. Its scroll state (`data-scrolled`) is set by the shell script; the small-
 * screen menu is a native <details> disclosure, so it opens without JavaScript and the script
 * only closes it when a link is chosen.
 */
export function NavBar({ currentPath }: { currentPath: string }) {
  // The page itself is `page`; a section the page belongs to (Services on a service page) is `true`.
  const current = (href: string) => {
    // The Contact Us button leads to the form on the contact page: it is that page all the same.
    const [path = href] = href.split('#')
    if (path === currentPath) return 'page' as const
    return path !== '/' && currentPath.startsWith(`${path}/`) ? ('true' as const) : undefined
  }
  return (
    <Box
      as="header"
      data-site-header=""
      position="fixed"
      top="0"
      insetX="0"
      zIndex="sticky"
      bg="white"
      py="4"
      transition="padding 0.2s ease, background-color 0.2s ease, box-shadow 0.2s ease"
      _motionReduce={{ transition: 'none' }}
      css={{
        // The bar's row moves up by a transform, which is not a layout shift; moving it by the top
        // padding was one (in every frame of the transition, after every scroll past 50 px). So the
        // padding shrinks below the row, and the row is drawn half a step higher: 0.5rem above and
        // below it, as at py 2.
        '& > *': { transition: 'transform 0.2s ease' },
        '&[data-scrolled]': {
          // Nearly opaque: at 0.85 the page's text showed through behind the links.
          bg: 'rgba(255, 255, 255, 0.97)',
          backdropFilter: 'saturate(180%) blur(10px)',
          boxShadow: 'sm',
          pb: '0',
        },
        '&[data-scrolled] > *': { transform: 'translateY(-0.5rem)' },
      }}
    >
      <Container maxW="7xl">
        {/* As tall as the Contact button from the start: a slow device paints the page while the
            rest of the header is still being parsed, and a row that grew as items arrived would
            move what is already shown. */}
        <Flex align="center" justify="space-between" gap="4" minH="10">
          <Link
            href="/"
            fontWeight="bold"
            fontSize="xl"
            color="brand.fg"
            aria-label={`${site.name} home`}
          >
            {site.name}
          </Link>

          <HStack as="nav" aria-label="Main" gap="6" hideBelow="lg" minH="10">
            <HStack as="ul" gap="6">
              {navLinks.map((link) => (
                <li key={link.href}>
                  <Link
                    href={link.href}
                    aria-current={current(link.href)}
                    color="gray.700"
                    fontWeight="medium"
                    _hover={{ color: 'brand.fg' }}
                    css={{
                      '&[aria-current]': {
                        color: 'brand.fg',
                        textDecoration: 'underline',
                        textUnderlineOffset: '6px',
                      },
                    }}
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </HStack>
            <Button asChild type={undefined} colorPalette="brand" size="md">
              <a href={contactButton.href} aria-current={current(contactButton.href)}>
                {contactButton.label}
              </a>
            </Button>
          </HStack>

          <Box
            as="details"
            data-mobile-menu=""
            hideFrom="lg"
            css={{
              '&[open] [data-icon=open]': { display: 'none' },
              '&:not([open]) [data-icon=close]': { display: 'none' },
            }}
          >
            <Box
              as="summary"
              {...summaryButton}
              aria-label="Menu"
              // Above the open menu's panel, which starts at the bar's edge: the focus ring's
              // bottom edge stays whole while the menu is open.
              position="relative"
              zIndex="1"
              display="flex"
              alignItems="center"
              justifyContent="center"
              boxSize="11"
              rounded="md"
              color="gray.800"
              _hover={{ bg: 'gray.100' }}
            >
              <span data-icon="open">
                <Icon name="menu" />
              </span>
              <span data-icon="close">
                <Icon name="close" />
              </span>
            </Box>
            <Box
              as="nav"
              aria-label="Main (mobile)"
              position="absolute"
              top="100%"
              insetX="0"
              bg="white"
              borderBottomWidth="1px"
              borderColor="gray.200"
              boxShadow="md"
            >
              <Container maxW="7xl" py="4">
                <Stack as="ul" gap="1">
                  {navLinks.map((link) => (
                    <li key={link.href}>
                      <Link
                        href={link.href}
                        aria-current={current(link.href)}
                        display="block"
                        py="3"
                        color="gray.800"
                        fontWeight="medium"
                        css={{ '&[aria-current]': { color: 'brand.fg' } }}
                      >
                        {link.label}
                      </Link>
                    </li>
                  ))}
                  <li>
                    <Button asChild type={undefined} colorPalette="brand" width="full" mt="2">
                      <a href={contactButton.href} aria-current={current(contactButton.href)}>
                        {contactButton.label}
                      </a>
                    </Button>
                  </li>
                </Stack>
              </Container>
            </Box>
          </Box>
        </Flex>
      </Container>
    </Box>
  )
}
