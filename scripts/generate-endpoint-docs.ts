import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { endpointDocs } from './endpointDocs';

const target = join(__dirname, '..', 'docs', 'endpoints.md');
writeFileSync(target, endpointDocs());
console.log(`wrote ${target}`);
