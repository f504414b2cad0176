import {
  Box,
  Button,
  chakra,
  Field,
  Heading,
  Input,
  Link,
  SimpleGrid,
  Spinner,
  Text,
  Textarea,
  useFieldStyles,
} from '@chakra-ui/react'
import {
  type ContactField,
  contactApi,
  contactFields,
  MESSAGE_MIN_LENGTH,
  maxLengths,
} from '../../../shared/contact-fields.ts'
import { telHref } from '../../../shared/phone.ts'
import { ToastRegion } from '../toast/ToastRegion.tsx'
import { contactFormCopy as copy } from './content.ts'
import { formParts } from './form-parts.ts'
import { errorId, fieldId } from './form-state.ts'
import { HINT_ATTRIBUTE, readinessIds } from './live-state.ts'

const headingId = 'contact-form-heading'

/** The agency's own e-mail and phone: the way round when a send fails. */
export interface AgencyContact {
  readonly email: string
  readonly phone: string
}

/**
 * The enquiry form, prerendered: a plain HTML form that posts to the API's form endpoint and
 * relies on the browser's own constraint checks, so it works without JavaScript. Everything the
 * form can show is in this markup, styled at build time: the messages under the fields, the
 * spinner and the two status messages wait hidden. With JavaScript, live-state.ts keeps the Send
 * button and its hint in step with the fields once the page's module starts (just after the first
 * paint: docs/decisions/0027), and enhance.ts (loaded at the
 * first sign of use) shows those parts and sends the enquiry as JSON, without React or Chakra on
 * the way: docs/decisions/0025-contact-form-without-react-on-the-client.md.
 */
export function ContactForm({ agency }: { readonly agency: AgencyContact }) {
  return (
    <>
      <Heading as="h2" id={headingId} size="2xl" mb="2">
        {copy.heading}
      </Heading>
      <chakra.form
        method="post"
        action={contactApi.formPath}
        aria-labelledby={headingId}
        position="relative"
      >
        <Text color="gray.700" mb="6">
          {copy.requiredNote}
        </Text>
        <Honeypot />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          {contactFields.map((field) => (
            <ContactInput key={field} field={field} />
          ))}
        </SimpleGrid>
        <Box mt="6">
          <Button
            type="submit"
            colorPalette="brand"
            size="lg"
            width={{ base: 'full', sm: 'auto' }}
            // live-state.ts owns `disabled` and this once the page's module starts.
            aria-describedby={readinessIds.hint}
          >
            {copy.submit}
          </Button>
          {/* Moved into the button while a send is in progress. */}
          <Spinner size="sm" hidden {...{ [formParts.spinner]: '' }} />
          {/* Hidden rather than removed, so the page never shifts when it comes and goes. */}
          <Text
            id={readinessIds.hint}
            mt="3"
            fontSize="sm"
            color="gray.700"
            // After a send, the status below says what to do: a hint about the emptied form above
            // "Thank you" would only confuse (it returns with the visitor's next change).
            css={{
              [`&[data-readiness=ready], &[${formParts.afterSend}]`]: { visibility: 'hidden' },
            }}
          >
            {(['incomplete', 'short-message'] as const).map((state) => (
              <span key={state} {...{ [HINT_ATTRIBUTE]: state }} hidden={state !== 'incomplete'}>
                {copy.hints[state]}
              </span>
            ))}
          </Text>
          {/* What happened to the last send, beside the button, until the visitor changes
              something. Focus moves here after a send (the button is disabled while it is out). */}
          <Box id={formParts.statusId} tabIndex={-1} />
          <StatusTemplates agency={agency} />
        </Box>
      </chakra.form>
      <ToastRegion />
    </>
  )
}

/**
 * The two status messages, hidden until enhance.ts copies one beside the button, where focus
 * then moves; the toast announces the same news to screen readers.
 */
function StatusTemplates({ agency }: { readonly agency: AgencyContact }) {
  return (
    <Box hidden {...{ [formParts.statusTemplates]: '' }}>
      <Box data-template="success" mt="4" p="4" rounded="md" bg="green.50">
        <Text color="green.800" fontWeight="semibold">
          {copy.status.success}
        </Text>
      </Box>
      <Box data-template="failure" mt="4" p="4" rounded="md" bg="red.50" color="red.800">
        <Text fontWeight="semibold" {...{ [formParts.failureMessage]: '' }} />
        {/* Filled with a link to each field the API found wrong, so a keyboard gets there at once. */}
        <chakra.ul
          mt="1"
          ps="5"
          listStyleType="disc"
          css={{ '& a': { textDecoration: 'underline' } }}
          hidden
          {...{ [formParts.fieldLinks]: '' }}
        />
        <Text mt="1">
          {copy.status.kept} {copy.status.other}{' '}
          <Link href={`mailto:${agency.email}`} color="red.800" textDecoration="underline">
            {agency.email}
          </Link>{' '}
          ·{' '}
          <Link href={telHref(agency.phone)} color="red.800" textDecoration="underline">
            {agency.phone}
          </Link>
        </Text>
      </Box>
    </Box>
  )
}

function ContactInput({ field }: { readonly field: ContactField }) {
  const { label, placeholder, type, autoComplete } = copy.fields[field]
  const isMessage = field === 'message'
  const common = {
    name: field,
    placeholder,
    autoComplete,
    maxLength: maxLengths[field],
    bg: 'white',
    // 16 px: iOS Safari zooms the page into any field whose text is smaller when it is focused.
    fontSize: 'md',
    // Chrome can show autofilled values without any input event; an animation on its autofill
    // state is the one sign of it (live-state.ts listens for animationstart).
    css: { '&:-webkit-autofill': { animationName: 'fade-in', animationDuration: '1ms' } },
  }
  return (
    <Field.Root id={fieldId(field)} required gridColumn={isMessage ? { md: 'span 2' } : undefined}>
      <Field.Label fontWeight="semibold">
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {isMessage ? (
        <Textarea {...common} rows={6} minLength={MESSAGE_MIN_LENGTH} resize="vertical" />
      ) : (
        <Input {...common} type={type} />
      )}
      <FieldMessage field={field} />
    </Field.Root>
  )
}

/** The field's message: Chakra's error-text style, hidden until enhance.ts fills it in. */
function FieldMessage({ field }: { readonly field: ContactField }) {
  const styles = useFieldStyles()
  return (
    <chakra.div
      id={errorId(field)}
      hidden
      data-scope="field"
      data-part="error-text"
      css={styles.errorText}
      color="red.700"
    />
  )
}

/** A field only bots fill in: off-screen, out of the tab order, hidden from assistive technology. */
function Honeypot() {
  const id = `contact-${contactApi.honeypotField}`
  return (
    <Box
      aria-hidden="true"
      position="absolute"
      left="-10000px"
      top="0"
      width="1px"
      height="1px"
      overflow="hidden"
    >
      <label htmlFor={id}>{copy.honeypotLabel}</label>
      <input
        id={id}
        name={contactApi.honeypotField}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </Box>
  )
}
