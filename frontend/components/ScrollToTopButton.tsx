import { IconButton } from '@chakra-ui/react'
import { Icon } from './Icon.tsx'

/** Hidden until the shell script sees the page scrolled past 300 px; it then scrolls smoothly back up. */
export function ScrollToTopButton() {
  return (
    <IconButton
      data-scroll-top=""
      hidden
      aria-label="Scroll to top"
      position="fixed"
      bottom="6"
      right="6"
      zIndex="docked"
      rounded="full"
      size="lg"
      colorPalette="brand"
      boxShadow="lg"
      // Chakra gives buttons a display value, which would otherwise override `hidden`.
      css={{ '&[hidden]': { display: 'none' } }}
    >
      <Icon name="arrowUp" />
    </IconButton>
  )
}
