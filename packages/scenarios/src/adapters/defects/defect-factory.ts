import type { ClientAdapter, ClientAdapterFactory } from '../client-adapter.js';

/** What a defect is: its CLI name (without the `defect:` prefix), the mistake, and the real case it comes from. */
export interface DefectInfo {
  name: string;
  /** The mistake, in one sentence. */
  mistake: string;
  /** Where it was seen: case ids from shared/cases, issues, or the seed's advice it breaks. */
  realWorld: string;
  /**
   * What catches it: `scenario:<id>` (a named catalog scenario, run through the normal runner in
   * each era it applies to; every defect has at least one) and `property:<id>` (a property suite).
   * The catalogue test proves each one fails this client and passes the client it is built on.
   */
  caughtBy: string[];
}

/** A deliberately broken client variant, registered as `defect:<name>`. */
export interface DefectFactory extends ClientAdapterFactory {
  kind: 'defect';
  defect: DefectInfo;
  /**
   * The client the defect is built on, without the mistake (the naive client, the official SDK
   * client, the reference client or its gateway embedding). The defect declares its transports and
   * host features, so it runs on every scenario the base can run; the base must pass every catcher,
   * so a catch is the mistake's.
   */
  builtOn: ClientAdapterFactory;
}

/**
 * Builds a `defect:<name>` client adapter factory: `create` makes the broken client, `builtOn` is
 * the client it is derived from, whose capabilities it declares.
 */
export function defect(
  info: DefectInfo,
  create: () => ClientAdapter,
  builtOn: ClientAdapterFactory,
): DefectFactory {
  return {
    name: `defect:${info.name}`,
    kind: 'defect',
    description: `${info.mistake} (${info.realWorld}; built on ${builtOn.name})`,
    ...(builtOn.capabilities ? { capabilities: builtOn.capabilities } : {}),
    defect: info,
    builtOn,
    create,
  };
}
