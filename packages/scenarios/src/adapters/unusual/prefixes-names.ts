import { CorpusHost } from './corpus-host.js';
import { unusual } from './unusual-factory.js';

/** Names every tool `<serverId>__<tool>` for the model, whether or not another server shares the name. */
export const prefixesNames = unusual(
  {
    name: 'prefixes-names',
    behaviour:
      'Names every tool <serverId>__<tool> for the model (shortened with a hash past 64 characters), collision or not',
    whyCorrect:
      'spec 2026-07-28 §2.3 (aggregators SHOULD disambiguate, e.g. with a server prefix); the reverse map routes each call to its (server, tool)',
  },
  () => new CorpusHost({ naming: 'prefixed' }),
);
