import { Button } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { contactFormHref } from '#shared/routes.ts'
import { type AnalyticsEvent, analyticsEvents, trackingAttributes } from '../analytics/events.ts'

/** How a button-styled link looks: on a light background, or on the dark hero and closing blocks. */
export type LinkButtonTone = 'solid' | 'outline' | 'onDark' | 'outlineOnDark'

const tones = {
  solid: { colorPalette: 'brand' },
  outline: { colorPalette: 'brand', variant: 'outline' },
  onDark: { bg: 'white', color: 'brand.900', _hover: { bg: 'gray.100' } },
  outlineOnDark: {
    variant: 'outline',
    color: 'white',
    borderColor: 'white',
    _hover: { bg: 'whiteAlpha.200' },
  },
} as const

export interface LinkButtonProps {
  readonly href: string
  readonly tone?: LinkButtonTone
  readonly size?: 'md' | 'lg' | 'xl'
  /** The analytics event a click records (sent only with consent). */
  readonly clickEvent?: AnalyticsEvent
  readonly children: ReactNode
}

/** A link that looks like a button: navigation stays a real `<a>`, so it works without JavaScript. */
export function LinkButton({
  href,
  tone = 'solid',
  size = 'lg',
  clickEvent,
  children,
}: LinkButtonProps) {
  return (
    // Chakra's Button defaults to type="button", which on an <a> is an invalid MIME type.
    // One width rule for every call to action: the full width of its column on a phone (an easy
    // thumb target, and no ragged stack of different widths), as wide as its label from `sm` up.
    <Button asChild type={undefined} size={size} w={{ base: 'full', sm: 'auto' }} {...tones[tone]}>
      <a href={href} {...(clickEvent && trackingAttributes(clickEvent, 'click'))}>
        {children}
      </a>
    </Button>
  )
}

/** A button-styled link in a page's copy. `event` overrides the default click tracking. */
export interface LinkAction {
  readonly label: string
  readonly href: string
  readonly event?: AnalyticsEvent
}

/**
 * A LinkButton for an action from a content module. A way to the contact form records a cta_click with
 * its label unless the action names its own event; other links record nothing.
 */
export function ActionButton({
  action,
  tone,
}: {
  readonly action: LinkAction
  readonly tone?: LinkButtonTone
}) {
  const contactClick =
    action.href === contactFormHref ? analyticsEvents.ctaClick(action.label) : undefined
  return (
    <LinkButton href={action.href} tone={tone} clickEvent={action.event ?? contactClick}>
      {action.label}
    </LinkButton>
  )
}
