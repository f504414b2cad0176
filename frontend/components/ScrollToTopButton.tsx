import { IconButton } from '@chakra-ui/react'
import { ABOVE_BANNER_ATTRIBUTE } from '../consent/constants.ts'
import { Icon } from './Icon.tsx'

/**
 * Hidden until the shell script sees the page scrolled past 300 px, and while it would cover a
 * link or control; it then scrolls smoothly back up.
 */
export function ScrollToTopButton() {
  return (
    <IconButton
      data-scroll-top=""
      {...{ [ABOVE_BANNER_ATTRIBUTE]: '' }}
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
      css={{
        '&[hidden]': { display: 'none' },
        // Set by the shell script while something the visitor could use lies beneath it.
        '&[data-covering]': { visibility: 'hidden' },
      }}
    >
      <Icon name="arrowUp" />
    </IconButton>
  )
}
