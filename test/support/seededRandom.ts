/** The simulator's seeded generator (mulberry32), so generated test and benchmark data repeat exactly. */
export { mulberry32 as seededRandom } from '../../simulator/dataset/random';

export type Random = () => number;
