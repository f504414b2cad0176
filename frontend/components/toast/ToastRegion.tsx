import { Box, chakra, Stack } from '@chakra-ui/react'
import { ABOVE_BANNER_ATTRIBUTE } from '#frontend/consent/constants.ts'
import { Icon } from '../Icon.tsx'
import { toastParts } from './toast-parts.ts'

/**
 * Where the spec's toasts appear, prerendered empty, and the one toast they are copied from,
 * hidden and styled at build time: toaster.ts fills in a copy and shows it, without React or
 * Chakra in the browser (docs/decisions/0025). At the bottom of the viewport (the spec's
 * bottom-end), above the cookie banner while it is open: there it covers neither the header's
 * links nor the fields, which lie above the result of a send (and the form scrolls that result
 * clear of the toast).
 */
export function ToastRegion() {
  return (
    <>
      <Box
        {...{ [toastParts.region]: '' }}
        // A landmark a keyboard user reaches with F8, as the spec's viewport hotkey asks.
        role="region"
        aria-label={`${toastParts.regionLabel} (F8)`}
        aria-live="polite"
        aria-relevant="additions text"
        tabIndex={-1}
        {...{ [ABOVE_BANNER_ATTRIBUTE]: '' }}
        position="fixed"
        // The banner's script sets the variable while the banner is open.
        bottom="calc(var(--cookie-banner-height, 0px) + 1rem)"
        insetInline="4"
        zIndex="toast"
        display="flex"
        flexDirection="column"
        alignItems={{ md: 'flex-end' }}
        // Empty, it must not take clicks meant for the page beneath it.
        pointerEvents="none"
        _focusVisible={{ outline: 'none' }}
      />
      <Box hidden {...{ [toastParts.template]: '' }}>
        {/* The copy gets Chakra's toast anatomy attributes (data-scope, data-part, data-state). */}
        <chakra.div
          position="relative"
          display="flex"
          alignItems="flex-start"
          gap="3"
          width={{ base: 'full', md: 'sm' }}
          py="4"
          ps="4"
          pe="10"
          rounded="l2"
          boxShadow="xl"
          color="white"
          pointerEvents="auto"
          touchAction="pan-y"
          cursor="grab"
          transition="opacity 200ms, translate 400ms cubic-bezier(0.21, 1.02, 0.73, 1)"
          css={{
            // Chakra's solid green is too light for white text (WCAG AA); one step darker.
            '&[data-type=success]': { bg: 'green.700' },
            '&[data-type=error]': { bg: 'red.600' },
            '&[data-type=success] [data-icon=error], &[data-type=error] [data-icon=success]': {
              display: 'none',
            },
            // Fades in where it will rest (CSS alone: no script work per frame). Not sliding: the
            // form scrolls its result clear of the toast as it appears, and a toast still on its
            // way would be measured where it does not stay.
            '@starting-style': {
              '&[data-state=open]': { opacity: 0 },
            },
            // A dismissed toast lingers for the spec's removal delay: once faded, it is out of
            // the focus order and the accessibility tree too.
            '&[data-state=closed]': {
              opacity: 0,
              visibility: 'hidden',
              transition: 'opacity 200ms, visibility 0s 200ms',
            },
          }}
        >
          <Box flexShrink="0" mt="0.5" data-icon="success">
            <Icon name="check" size={20} />
          </Box>
          <Box flexShrink="0" mt="0.5" data-icon="error">
            <Icon name="alert" size={20} />
          </Box>
          <Stack gap="1" flex="1" minW="0">
            <chakra.div fontWeight="semibold" textStyle="sm" {...{ [toastParts.title]: '' }} />
            <chakra.div textStyle="sm" {...{ [toastParts.description]: '' }} />
          </Stack>
          <chakra.button
            type="button"
            aria-label={toastParts.closeLabel}
            position="absolute"
            top="1"
            insetEnd="1"
            display="inline-flex"
            alignItems="center"
            justifyContent="center"
            boxSize="8"
            rounded="l2"
            color="currentColor"
            cursor="pointer"
            _hover={{ bg: 'whiteAlpha.200' }}
            {...{ [toastParts.close]: '' }}
          >
            <Icon name="close" size={16} />
          </chakra.button>
        </chakra.div>
      </Box>
    </>
  )
}
