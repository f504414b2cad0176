import { Box, Container, Flex, Link, Text } from '@chakra-ui/react'
import { type BreadcrumbItem, breadcrumbTrail } from './breadcrumbs.ts'

export function Breadcrumbs({ items }: { items: readonly BreadcrumbItem[] }) {
  const trail = breadcrumbTrail(items)
  return (
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
  )
}
