// A starter schema for technical standards, offered on an empty Schema view: the entity types a
// standard's clauses talk about, each with the general words that name it (matched against an
// entity's head noun and its concepts when conceptualising, and given to a model as its choices).
// Plain data in the schema file format (`entityTypes`), so it is imported like any user file.

interface StarterEntityType {
  name: string;
  description: string;
  examples: string[];
}

export const STANDARDS_SCHEMA: { title: string; entityTypes: StarterEntityType[] } = {
  title: 'Technical standards',
  entityTypes: [
    {
      name: 'Document',
      description: 'A standard, specification or other published document',
      examples: ['document', 'specification', 'standard', 'publication'],
    },
    { name: 'Clause', description: 'A numbered part of a document', examples: ['clause', 'section', 'subclause', 'annex', 'appendix', 'chapter'] },
    {
      name: 'Requirement',
      description: 'What a conforming implementation must, should or may do',
      examples: ['requirement', 'obligation', 'condition', 'constraint'],
    },
    { name: 'Attribute', description: 'A named property carried by a message or an object', examples: ['attribute', 'property', 'field', 'flag'] },
    { name: 'Message', description: 'A unit exchanged between parties', examples: ['message', 'packet', 'request', 'response', 'reply', 'frame', 'datagram'] },
    { name: 'Parameter', description: 'A configurable or negotiated setting', examples: ['parameter', 'option', 'setting', 'variable', 'timer'] },
    { name: 'Protocol', description: 'A set of rules for communication', examples: ['protocol', 'method', 'mechanism', 'procedure', 'algorithm'] },
    { name: 'Role', description: 'A party that acts in the standard', examples: ['client', 'server', 'peer', 'host', 'user', 'agent', 'node', 'device'] },
    { name: 'Value', description: 'A constant, code or value a field or parameter takes', examples: ['value', 'code', 'constant', 'identifier', 'number'] },
    { name: 'Unit', description: 'A unit of measure', examples: ['unit', 'second', 'millisecond', 'bit', 'byte', 'octet', 'hertz', 'volt', 'ampere'] },
  ],
};

/** The starter schema as the text `schema.types.import` reads (JSON). */
export const standardsSchemaText = (): string => JSON.stringify({ entityTypes: STANDARDS_SCHEMA.entityTypes }, null, 2);
