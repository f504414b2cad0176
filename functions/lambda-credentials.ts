import { fromEnv } from '@aws-sdk/credential-provider-env'
import type { defaultProvider as sdkDefaultProvider } from '@aws-sdk/credential-provider-node'

/**
 * The credential chain in the functions' bundles, in place of the SDK's default one (an esbuild
 * alias, infra/lambda-bundling.ts). Lambda always hands a function its role's credentials in the
 * environment, so the rest of the default chain (shared files, SSO, STS web identity, the
 * container and instance metadata services, with the STS and SSO clients behind them) is code
 * every cold start loaded and never used. Typed as the SDK's own export, so an SDK release that
 * changes its shape fails the typecheck, not a deployed function.
 */
export const defaultProvider: typeof sdkDefaultProvider = (init = {}) => fromEnv(init)
