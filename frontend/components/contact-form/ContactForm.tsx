import {
  Box,
  Button,
  chakra,
  Field,
  Heading,
  Input,
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
} from '#shared/contact-fields.ts'
import { EmailAndPhoneLinks } from '../EmailAndPhoneLinks.tsx'
import { ToastRegion } from '../toast/ToastRegion.tsx'
import { contactFormCopy as copy } from './content.ts'
import { errorId, type FormStatus, fieldId, formParts, type Readiness } from './markup.ts'
import { readinessParts } from './on-load-readiness.ts'

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
 * spinner and the two status messages wait hidden, marked by the names in markup.ts. With
 * JavaScript, the modules' names say when each runs (docs/decisions/0025):
 * - at load (the page's first script, just after the first paint): on-load-readiness.ts keeps
 *   the Send button and its hint in step with the fields, on-load-draft.ts brings back a draft,
 *   on-load-island.ts waits for the first sign of use;
 * - on first use: on-use-enhance.ts takes the form over, on-use-view.ts shows its states, and
 *   on-use-validation.ts brings the schema's checks (validation.ts) just after;
 * - on send: on-send-request.ts posts the enquiry as JSON, on-send-reveal.ts scrolls the result
 *   clear of what floats over the page. rules.ts holds the pure rules all of them use.
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
            // on-load-readiness.ts owns `disabled` and this once the page's module starts.
            aria-describedby={readinessParts.hintId}
          >
            {copy.submit}
          </Button>
          {/* Moved into the button while a send is in progress. */}
          <Spinner size="sm" hidden {...{ [formParts.spinner]: '' }} />
          {/* Hidden rather than removed, so the page never shifts when it comes and goes. */}
          <Text
            id={readinessParts.hintId}
            mt="3"
            fontSize="sm"
            color="gray.700"
            // After a send, the status below says what to do: a hint about the emptied form above
            // "Thank you" would only confuse (it returns with the visitor's next change). Then it
            // takes no room either, so the result sits just under the button, not a hint's
            // height further down.
            css={{
              [`&[${readinessParts.readiness}=ready]`]: { visibility: 'hidden' },
              [`&[${formParts.afterSend}]`]: { visibility: 'hidden', display: 'none' },
            }}
          >
            {hintStates.map((state) => (
              <span
                key={state}
                {...{ [readinessParts.hintFor]: state }}
                hidden={state !== 'incomplete'}
              >
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

/** Every readiness with a hint; an empty form's ('incomplete') shows until the fields say more. */
const hintStates = Object.keys(copy.hints) as Exclude<Readiness, 'ready'>[]

const template = (kind: FormStatus['kind']) => ({ [formParts.statusTemplate]: kind })

/**
 * The two status messages, hidden until on-use-enhance.ts copies one beside the button, where focus
 * then moves; the toast announces the same news to screen readers.
 */
function StatusTemplates({ agency }: { readonly agency: AgencyContact }) {
  return (
    <Box hidden {...{ [formParts.statusTemplates]: '' }}>
      <Box {...template('success')} mt="4" p="4" rounded="md" bg="green.50">
        <Text color="green.800" fontWeight="semibold">
          {copy.status.success}
        </Text>
      </Box>
      <Box {...template('failure')} mt="4" p="4" rounded="md" bg="red.50" color="red.800">
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
          <EmailAndPhoneLinks email={agency.email} phone={agency.phone} color="red.800" />
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
    // state is the one sign of it (on-load-readiness.ts listens for animationstart).
    css: {
      '&:-webkit-autofill': { animationName: 'fade-in', animationDuration: '1ms' },
      // The invalid look, keyed on the attribute on-use-view.ts sets (the recipe's own `_invalid`
      // also matches it; this keeps the look ours whatever a Chakra upgrade changes there).
      '&[aria-invalid=true]': { borderColor: 'border.error', focusRingColor: 'border.error' },
    },
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

/** The field's message: Chakra's error-text style, hidden until on-use-enhance.ts fills it in. */
function FieldMessage({ field }: { readonly field: ContactField }) {
  const styles = useFieldStyles()
  return <chakra.div id={errorId(field)} hidden css={styles.errorText} color="red.700" />
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
