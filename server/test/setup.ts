import { useCheapHashingForTests } from '../src/lib/secrets.js';

// Every test file: passwords and passcodes hashed at argon2id's smallest cost (see the function).
useCheapHashingForTests();
