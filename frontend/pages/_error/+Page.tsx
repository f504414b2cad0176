import { Container, Heading, HStack, Link, Text } from '@chakra-ui/react'
import { usePageContext } from 'vike-react/usePageContext'
import { LinkButton } from '#frontend/components/LinkButton.tsx'
import { notFound, serverError } from './content.ts'

export default function Page() {
  const { is404 } = usePageContext()
  const content = is404 === false ? serverError : notFound
  return (
    <Container maxW="3xl" py={{ base: '20', md: '32' }} textAlign="center">
      <Heading as="h1" size="5xl" mb="4">
        {content.heading}
      </Heading>
      <Text fontSize="lg" color="gray.700" mb="8">
        {content.text}
      </Text>
      {content.help && (
        <nav aria-label="Helpful links">
          <Text color="gray.700" mb="3">
            {content.help}
          </Text>
          <HStack as="ul" gap="6" justify="center" mb="8">
            {content.links.map((link) => (
              <li key={link.href}>
                <Link href={link.href} color="brand.fg" textDecoration="underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </HStack>
        </nav>
      )}
      <LinkButton href="/">Back to the home page</LinkButton>
    </Container>
  )
}
