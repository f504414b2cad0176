/**
 * The white, framed surface of the site's cards (a grid's cards, the about page's badges), as
 * Chakra style props: one border and one corner radius, so every card reads as one family. Each
 * use adds its own padding, layout and shadow.
 */
export const cardSurface = {
  bg: 'white',
  borderWidth: '1px',
  borderColor: 'gray.200',
  rounded: 'xl',
} as const
