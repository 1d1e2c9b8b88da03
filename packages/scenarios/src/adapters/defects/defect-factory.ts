import type { ClientAdapter, ClientAdapterFactory } from '../client-adapter.js';

/** What a defect is: its CLI name (without the `defect:` prefix), the mistake, and the real case it comes from. */
export interface DefectInfo {
  name: string;
  /** The mistake, in one sentence. */
  mistake: string;
  /** Where it was seen: case ids from shared/cases, issues, or the seed's advice it breaks. */
  realWorld: string;
  /**
   * What catches it: `property:<id>` (a property suite) or `scenario:<id>` (a named scenario, both
   * eras it applies to). The catalogue test proves each one fails this client and passes the
   * reference client.
   */
  caughtBy: string[];
}

/** A deliberately broken client variant, registered as `defect:<name>`. */
export interface DefectFactory extends ClientAdapterFactory {
  kind: 'defect';
  defect: DefectInfo;
  /**
   * The same client without the mistake, when it is not the reference client (e.g. the naive
   * client a defect is derived from): it must pass every catcher, so the catch is the mistake's.
   */
  control?: ClientAdapterFactory;
}

/** Builds a `defect:<name>` client adapter factory. */
export function defect(
  info: DefectInfo,
  create: () => ClientAdapter,
  control?: ClientAdapterFactory,
): DefectFactory {
  return {
    name: `defect:${info.name}`,
    kind: 'defect',
    description: `${info.mistake} (${info.realWorld})`,
    defect: info,
    create,
    ...(control ? { control } : {}),
  };
}
