/** The fixed `provider` value of the run envelope (the spec writes it as <PROVIDER>). */
export const PROVIDER = '<PROVIDER>';
