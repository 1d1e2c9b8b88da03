import { CorpusConnection } from './corpus-connection.js';
import { CorpusHost } from './corpus-host.js';
import { unusual } from './unusual-factory.js';

/** Never renames: a name two servers share, or a listing repeats, is withheld and named in a warning. */
class RefusingHost extends CorpusHost {
  constructor() {
    super({ naming: 'refuse-collisions' });
  }
  protected override createConnection(): CorpusConnection {
    return new CorpusConnection('refuse');
  }
}

export const refusesDuplicateNames = unusual(
  {
    name: 'refuses-duplicate-names',
    behaviour:
      'Refuses tool names it cannot keep apart, loudly: a name two servers share is withheld from model requests (reason duplicate-name), a name one listing gives two different tools is left out, each with a warning',
    whyCorrect:
      'seed 000 (fail clearly rather than silently; never guess which tool a name meant); the user is told which tools are missing and why',
  },
  () => new RefusingHost(),
);
