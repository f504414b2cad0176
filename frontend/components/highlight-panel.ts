/**
 * The framed panel on the brand's tint that stands out beside a page's main column (a service's
 * benefits, the why-choose-us promise), as Chakra style props.
 */
export const highlightPanel = {
  bg: 'brand.subtle',
  borderWidth: '1px',
  borderColor: 'brand.muted',
  rounded: 'xl',
  p: { base: '6', md: '8' },
} as const
