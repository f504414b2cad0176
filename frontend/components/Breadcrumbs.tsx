import { Box, Container, Flex, Link, Text } from '@chakra-ui/react'
import { usePageContext } from 'vike-react/usePageContext'
import { site } from '../build-identity.ts'
import { breadcrumbList } from '../seo/structured-data.ts'
import { JsonLd } from './JsonLd.tsx'

export interface BreadcrumbItem {
  readonly label: string
  /** Omitted for the current page, which is not a link. */
  readonly href?: string
}

/** The full trail: Home first, then the page's own items in order. */
export function breadcrumbTrail(items: readonly BreadcrumbItem[]): BreadcrumbItem[] {
  return [{ label: 'Home', href: '/' }, ...items]
}

/** The page's breadcrumb trail, shown as a nav and given to search engines as a BreadcrumbList. */
export function Breadcrumbs({ items }: { readonly items: readonly BreadcrumbItem[] }) {
  const { urlPathname } = usePageContext()
  const trail = breadcrumbTrail(items)
  return (
    <>
      <Box
        as="nav"
        aria-label="Breadcrumb"
        bg="gray.50"
        borderBottomWidth="1px"
        borderColor="gray.200"
      >
        <Container maxW="7xl" py="3">
          <Flex as="ol" wrap="wrap" gap="2" fontSize="sm" color="gray.700">
            {trail.map((item, index) => {
              const isLast = index === trail.length - 1
              return (
                <Flex as="li" key={item.href ?? item.label} align="center" gap="2">
                  {item.href && !isLast ? (
                    <Link href={item.href} color="brand.fg" textDecoration="underline">
                      {item.label}
                    </Link>
                  ) : (
                    <Text
                      as="span"
                      aria-current={isLast ? 'page' : undefined}
                      fontWeight={isLast ? 'semibold' : 'normal'}
                    >
                      {item.label}
                    </Text>
                  )}
                  {!isLast && <span aria-hidden="true">/</span>}
                </Flex>
              )
            })}
          </Flex>
        </Container>
      </Box>
      <JsonLd data={breadcrumbList(site, trail, urlPathname)} />
    </>
  )
}
