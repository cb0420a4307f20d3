import { MigrationInterface, QueryRunner } from 'typeorm';

/** Accented letters of the Latin alphabets customers' names use, each followed by its plain letter. */
const FOLDS =
  'áaàaâaäaãaåaāaăaąaÁAÀAÂAÄAÃAÅAĀAĂAĄAčcćcçcČCĆCÇCďdĎDđdĐDéeèeêeëeěeēeęeÉEÈEÊEËEĚEĒEĘEíiìiîiïiīiÍIÌIÎIÏIĪI' +
  'ľlĺlłlĽLĹLŁLňnńnñnŇNŃNÑNóoòoôoöoõoőoøoÓOÒOÔOÖOÕOŐOØOřrŕrŘRŔRšsśsşsŠSŚSŞSťtţtŤTŢTúuùuûuüuůuűuūuÚUÙUÛUÜUŮUŰUŪU' +
  'ýyÿyÝYŸYžzźzżzŽZŹZŻZ';
const letters = [...FOLDS];
const accented = letters.filter((_, index) => index % 2 === 0).join('');
const plain = letters.filter((_, index) => index % 2 === 1).join('');

/**
 * Operators find customers by the start of a first or last name whatever its case and accents. The key
 * is a plain immutable SQL function (no extension: `unaccent` is not immutable and not everywhere), so
 * an expression index can serve `LIKE 'prefix%'` on it; text_pattern_ops makes that work under any
 * collation. E-mail, phone, card numbers and external ids already have equality indexes.
 */
export class CustomerNameSearch1764600000200 implements MigrationInterface {
  name = 'CustomerNameSearch1764600000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION customer_name_key(name text) RETURNS text
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        AS $$ SELECT lower(translate(name, '${accented}', '${plain}')) $$;
      CREATE INDEX customers_first_name_key_idx ON customers (customer_name_key(first_name) text_pattern_ops);
      CREATE INDEX customers_last_name_key_idx ON customers (customer_name_key(last_name) text_pattern_ops);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP INDEX customers_last_name_key_idx;
      DROP INDEX customers_first_name_key_idx;
      DROP FUNCTION customer_name_key(text);
    `);
  }
}
