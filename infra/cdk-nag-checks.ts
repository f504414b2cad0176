import { type App, Aspects, type Stage, Validations } from 'aws-cdk-lib'
import { AwsSolutionsChecks, WriteNagSuppressionsToCloudFormationAspect } from 'cdk-nag'

/**
 * cdk-nag's AWS Solutions rules on every synth (the app and the tests use this same function).
 * Acknowledgements sit beside the resources they concern, each with its reason, and are copied
 * into the template's metadata so an auditor reading the template sees them too (aspects stop at
 * a stage's boundary, so each stage gets the copying aspect).
 */
export function addCdkNagChecks(app: App, stages: Stage[]): void {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app))
  for (const stage of stages) {
    Aspects.of(stage).add(new WriteNagSuppressionsToCloudFormationAspect())
  }
}
