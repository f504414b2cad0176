import { Box, Container, Flex, Heading } from '@chakra-ui/react'
import { CardGrid, CardSection } from '../../../components/CardGrid.tsx'
import { ProcessSection } from '../../../components/StepList.tsx'
import { BenefitPanelSection, ServicePage } from '../ServicePage.tsx'
import { benefits, features, page, process, whyUs } from './content.ts'

export default function Page() {
  return (
    <ServicePage content={page} catalogue={features.cards}>
      <CardSection id="features" content={features} tone="muted" />
      <Box py={{ base: '14', md: '20' }}>
        <Container maxW="7xl">
          <Flex direction={{ base: 'column', lg: 'row' }} gap={{ base: '10', lg: '12' }}>
            <Box as="section" aria-labelledby="why-us-heading" flex="3">
              <Heading as="h2" id="why-us-heading" size={{ base: '2xl', md: '3xl' }} mb="8">
                {whyUs.heading}
              </Heading>
              <CardGrid cards={whyUs.cards} columns={2} />
            </Box>
            <BenefitPanelSection panel={benefits} />
          </Flex>
        </Container>
      </Box>
      <ProcessSection process={process} tone="muted" />
    </ServicePage>
  )
}
