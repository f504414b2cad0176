import { Box, Text } from '@chakra-ui/react'
import { Breadcrumbs } from '#frontend/components/Breadcrumbs.tsx'
import { ClosingCta } from '#frontend/components/ClosingCta.tsx'
import { HeroBanner } from '#frontend/components/HeroBanner.tsx'
import { JsonLd } from '#frontend/components/JsonLd.tsx'
import { Section } from '#frontend/components/Section.tsx'
import { summaryButton } from '#frontend/components/summary-button.ts'
import { faqPage } from '#frontend/seo/structured-data.ts'
import { breadcrumb, closing, hero, questions } from './content.ts'

/** Drawn with CSS borders so the open state can turn it without any script. */
const chevron = {
  content: '""',
  flexShrink: 0,
  boxSize: '2.5',
  borderRight: '2px solid',
  borderBottom: '2px solid',
  transform: 'rotate(45deg)',
  transition: 'transform 0.2s ease',
  _motionReduce: { transition: 'none' },
}

/**
 * The accordion is native <details>/<summary>: every question starts closed, any number can be
 * open, a click or Enter/Space on the question toggles it, and it works without JavaScript.
 */
export default function Page() {
  return (
    <>
      <Breadcrumbs items={[{ label: breadcrumb }]} />
      <HeroBanner title={hero.title} subtitle={hero.subtitle} />
      <Section id="questions" heading={questions.heading} intro={questions.intro} width="4xl">
        <Box borderTopWidth="1px" borderColor="gray.200">
          {questions.entries.map((entry) => (
            <Box
              as="details"
              key={entry.question}
              borderBottomWidth="1px"
              borderColor="gray.200"
              css={{ '&[open] > summary::after': { transform: 'rotate(-135deg)' } }}
            >
              <Box
                as="summary"
                {...summaryButton}
                display="flex"
                alignItems="center"
                justifyContent="space-between"
                gap="4"
                py="5"
                px="2"
                fontSize="lg"
                fontWeight="semibold"
                _hover={{ color: 'brand.fg' }}
                _after={chevron}
              >
                {entry.question}
              </Box>
              <Text px="2" pb="5" color="gray.700">
                {entry.answer}
              </Text>
            </Box>
          ))}
        </Box>
      </Section>
      <ClosingCta heading={closing.heading} text={closing.text} actions={closing.actions} />
      <JsonLd data={faqPage(questions.entries)} />
    </>
  )
}
