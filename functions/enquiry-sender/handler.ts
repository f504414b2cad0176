import { dependenciesOf } from '../lambda-dependencies.ts'
import { createSenderHandler } from './create-handler.ts'

/** The enquiry sender, started by the enquiries table's stream (new pending enquiries only). */
export const handler = createSenderHandler(dependenciesOf('enquiry-sender'))
