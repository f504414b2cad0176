import { Box, Container, Flex, Heading } from '@chakra-ui/react'
import { CardGrid } from '../../../components/CardGrid.tsx'
import { Section } from '../../../components/Section.tsx'
import { StepList } from '../../../components/StepList.tsx'
import { BenefitPanelSection, ServicePage } from '../ServicePage.tsx'
import { benefits, features, page, process, whyUs } from './content.ts'

export default function Page() {
  return (
    <ServicePage content={page} catalogue={features.cards}>
      <Section id="features" heading={features.heading} intro={features.intro} tone="muted">
        <CardGrid cards={features.cards} />
      </Section>
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
      <Section id="process" heading={process.heading} intro={process.intro} tone="muted">
        <StepList steps={process.steps} />
      </Section>
    </ServicePage>
  )
}
