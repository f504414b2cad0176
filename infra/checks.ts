import { type App, Validations } from 'aws-cdk-lib'
import { AwsSolutionsChecks } from 'cdk-nag'

/**
 * cdk-nag's AWS Solutions rules on every synth (the app and the tests use this same function).
 * Acknowledgements sit beside the resources they concern, each with its reason, and are copied
 * into the template's metadata so an auditor reading the template sees them too.
 */
export function addChecks(app: App): void {
  Validations.of(app).addPlugins(
    new AwsSolutionsChecks(app, { writeSuppressionsToCloudFormation: true }),
  )
}
