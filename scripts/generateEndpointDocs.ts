import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { endpointDocs, withOperationsTable } from './endpointDocs';

const root = join(__dirname, '..');
writeFileSync(join(root, 'docs', 'endpoints.md'), endpointDocs());
const readme = join(root, 'README.md');
writeFileSync(readme, withOperationsTable(readFileSync(readme, 'utf8')));
console.log('wrote docs/endpoints.md and the operations table of README.md');
