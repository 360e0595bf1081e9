/** The console's test helpers live in web/src/test (other features' tests use them too). */
export * from '../../test/testAdmin.tsx';
