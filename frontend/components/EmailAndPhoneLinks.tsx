import { Link } from '@chakra-ui/react'
import { telHref } from '#shared/phone.ts'

interface EmailAndPhoneLinksProps {
  readonly email: string
  readonly phone: string
  /** The links' colour: it follows the message they close (brand on a page, red in a failure). */
  readonly color: string
}

/**
 * The agency's e-mail and phone as two underlined links on one line, "email · phone": the direct
 * way to reach us that closes the sent page's note and the form's failure message.
 */
export function EmailAndPhoneLinks({ email, phone, color }: EmailAndPhoneLinksProps) {
  return (
    <>
      <Link href={`mailto:${email}`} color={color} textDecoration="underline">
        {email}
      </Link>{' '}
      ·{' '}
      <Link href={telHref(phone)} color={color} textDecoration="underline">
        {phone}
      </Link>
    </>
  )
}
