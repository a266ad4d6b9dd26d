/**
 * Reads from the Postgres catalog what supabase/schema.sql shows (supabase/local/src/db/schema-sql.ts writes it):
 * schemas public and private whole, and outside them only what the migrations created.
 *
 * "Created by the migrations" outside our schemas: Postgres numbers new objects from one rising counter, and
 * applyMigrations (migrate.ts) creates supabase_migrations.schema_migrations before the first migration runs,
 * after the bootstrap. So an extension, a policy, a trigger or a publication membership with a higher OID than
 * that table came from a migration (the bootstrap's own storage triggers or pgcrypto do not). Objects an
 * extension made (pg_cron's policies on cron.job) are left out.
 *
 * Every query sorts in code-point order (collate "C") and the session has an empty search_path, so names
 * come out schema-qualified and the text does not depend on the machine. OIDs never reach the output.
 */
import type pg from 'pg';
import type { AclEntry } from './schema-privileges.ts';

/** The schemas the migrations own, in the order the file shows them. */
export const OWN_SCHEMAS = ['public', 'private'];

export interface SchemaInfo {
  name: string;
  owner: string;
  comment: string | null;
  acl: AclEntry[];
}

export interface DefaultPrivileges {
  role: string;
  /** null: the role's defaults in every schema. */
  schema: string | null;
  /** pg_default_acl.defaclobjtype: r tables, S sequences, f functions, T types, n schemas. */
  objectType: string;
  acl: AclEntry[];
  /** What the entry changes from: Postgres' built-in defaults for a global entry, nothing for a schema's. */
  baseline: AclEntry[];
}

export interface ExtensionInfo {
  name: string;
  schema: string;
  comment: string | null;
}

export interface TypeInfo {
  name: string;
  /** e enum, d domain, c composite, r range. */
  kind: string;
  /** Enum labels (quoted), composite attributes (`name type`) or domain constraints (`constraint n check …`). */
  items: string[];
  /** Domain: the base type; range: the subtype. */
  baseType: string | null;
  notNull: boolean;
  defaultValue: string | null;
  comment: string | null;
}

export interface ColumnInfo {
  name: string;
  type: string;
  collation: string | null;
  notNull: boolean;
  /** '' none, a always, d by default. */
  identity: string;
  /** '' none, s stored. */
  generated: string;
  defaultValue: string | null;
  comment: string | null;
  acl: AclEntry[];
}

export interface ConstraintInfo {
  name: string;
  definition: string;
  comment: string | null;
}

export interface IndexInfo {
  name: string;
  definition: string;
  comment: string | null;
}

export interface PolicyInfo {
  table: string;
  name: string;
  /** r select, a insert, w update, d delete, * all. */
  command: string;
  permissive: boolean;
  roles: string[];
  using: string | null;
  withCheck: string | null;
  comment: string | null;
}

export interface TriggerInfo {
  table: string;
  name: string;
  definition: string;
  /** pg_trigger.tgenabled: O origin (the default), D disabled, R replica, A always. */
  enabled: string;
  comment: string | null;
}

export interface RelationInfo {
  /** Schema-qualified and quoted, e.g. public.patients. */
  name: string;
  /** r table, p partitioned table, v view, m materialized view. */
  kind: string;
  owner: string;
  persistence: string;
  options: string[] | null;
  partitionKey: string | null;
  viewDefinition: string | null;
  rowSecurity: boolean;
  forceRowSecurity: boolean;
  /** `full`, `nothing` or `using index x`; null for the default (the primary key). */
  replicaIdentity: string | null;
  comment: string | null;
  acl: AclEntry[];
  columns: ColumnInfo[];
  constraints: ConstraintInfo[];
  indexes: IndexInfo[];
}

export interface FunctionInfo {
  schema: string;
  /** regprocedure text: public.queue_page(text,text,date,…). */
  signature: string;
  /** f function, p procedure, a aggregate, w window. */
  kind: string;
  owner: string;
  /** pg_get_functiondef; null for aggregates, which it cannot show. */
  definition: string | null;
  comment: string | null;
  acl: AclEntry[];
}

export interface SequenceInfo {
  name: string;
  type: string;
  start: string;
  increment: string;
  min: string;
  max: string;
  cache: string;
  cycle: boolean;
  ownedBy: string | null;
  owner: string;
  comment: string | null;
  acl: AclEntry[];
}

export interface PublicationMember {
  publication: string;
  /** `table public.x`, with its column list and row filter, or `tables in schema s`. */
  member: string;
}

export interface CronJob {
  name: string;
  schedule: string;
  command: string;
}

export interface SchemaCatalog {
  schemas: SchemaInfo[];
  defaultPrivileges: DefaultPrivileges[];
  extensions: ExtensionInfo[];
  types: TypeInfo[];
  relations: RelationInfo[];
  /** Policies and triggers on our relations and, when the migrations made them, on other schemas' tables. */
  policies: PolicyInfo[];
  triggers: TriggerInfo[];
  functions: FunctionInfo[];
  sequences: SequenceInfo[];
  publications: PublicationMember[];
  /** pg_cron's jobs (data, listed by name), or none without pg_cron. */
  cronJobs: CronJob[];
}

/** An access list as aclexplode() rows (PUBLIC for grantee 0); `acl` is an aclitem[] expression. */
function aclJson(acl: string): string {
  return `coalesce((select json_agg(json_build_object(
      'grantee', case when e.grantee = 0 then 'PUBLIC' else quote_ident(pg_get_userbyid(e.grantee)) end,
      'privilege', e.privilege_type, 'grantable', e.is_grantable)) from aclexplode(${acl}) e), '[]'::json)`;
}

/** True when the object `oid` of catalog `catalog` belongs to an extension. */
function extensionMember(catalog: string, oid: string): string {
  return `exists (select 1 from pg_depend dep where dep.classid = '${catalog}'::regclass and dep.objid = ${oid} and dep.deptype = 'e')`;
}

const schemaOrder = (schema: string) => `array_position($1::text[], ${schema}::text)`;

/** Outside our schemas: made by a migration ($2 is the migration tracking table's OID) and not by an extension. */
const madeByMigrations = (oid: string, table: string) => `(${oid} > $2::oid and not ${extensionMember('pg_class', table)})`;

async function rows<T>(client: pg.Client, sql: string, params: unknown[]): Promise<T[]> {
  return (await client.query(sql, params)).rows as T[];
}

export async function readSchemaCatalog(client: pg.Client): Promise<SchemaCatalog> {
  await client.query(`set search_path = ''; set datestyle = 'ISO, MDY'; set intervalstyle = 'postgres'; set timezone = 'UTC'; set extra_float_digits = 1`);
  const marker = (await client.query<{ oid: number | null }>(`select to_regclass('supabase_migrations.schema_migrations')::oid as oid`)).rows[0]?.oid;
  if (!marker) throw new Error('supabase_migrations.schema_migrations is missing: the schema dump reads a database the migrations were applied to');
  const own = [OWN_SCHEMAS];
  const ownAndMarker = [OWN_SCHEMAS, marker];
  const ownRelation = `n.nspname = any($1) and c.relkind in ('r', 'p', 'v', 'm') and not c.relispartition and not ${extensionMember('pg_class', 'c.oid')}`;

  const schemas = await rows<SchemaInfo>(
    client,
    `select quote_ident(n.nspname) as name, quote_ident(pg_get_userbyid(n.nspowner)) as owner,
            obj_description(n.oid, 'pg_namespace') as comment, ${aclJson('coalesce(n.nspacl, acldefault(\'n\', n.nspowner))')} as acl
     from pg_namespace n where n.nspname = any($1) order by ${schemaOrder('n.nspname')}`,
    own,
  );

  const defaultPrivileges = await rows<DefaultPrivileges>(
    client,
    `select quote_ident(pg_get_userbyid(d.defaclrole)) as role, quote_ident(n.nspname) as schema, d.defaclobjtype::text as "objectType",
            ${aclJson('d.defaclacl')} as acl,
            case when d.defaclnamespace = 0
              then ${aclJson(`acldefault(case d.defaclobjtype when 'S' then 's' else d.defaclobjtype end, d.defaclrole)`)}
              else '[]'::json end as baseline
     from pg_default_acl d left join pg_namespace n on n.oid = d.defaclnamespace
     where (d.defaclnamespace = 0 or n.nspname = any($1))
     order by n.nspname is not null, ${schemaOrder('n.nspname')}, pg_get_userbyid(d.defaclrole) collate "C",
              array_position(array['r', 'S', 'f', 'T', 'n'], d.defaclobjtype::text)`,
    own,
  );

  const extensions = await rows<ExtensionInfo>(
    client,
    `select quote_ident(e.extname) as name, quote_ident(n.nspname) as schema, obj_description(e.oid, 'pg_extension') as comment
     from pg_extension e join pg_namespace n on n.oid = e.extnamespace
     where e.oid > $1::oid order by e.extname collate "C"`,
    [marker],
  );

  const types = await rows<TypeInfo>(
    client,
    `select format('%I.%I', n.nspname, t.typname) as name, t.typtype::text as kind,
            case t.typtype
              when 'e' then array(select quote_literal(e.enumlabel) from pg_enum e where e.enumtypid = t.oid order by e.enumsortorder)
              when 'c' then array(select format('%I %s', a.attname, format_type(a.atttypid, a.atttypmod)) from pg_attribute a
                                  where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped order by a.attnum)
              when 'd' then array(select format('constraint %I %s', c.conname, pg_get_constraintdef(c.oid, true)) from pg_constraint c
                                  where c.contypid = t.oid order by c.conname collate "C")
              else array[]::text[] end as items,
            case t.typtype when 'd' then format_type(t.typbasetype, t.typtypmod)
                           when 'r' then (select format_type(r.rngsubtype, null) from pg_range r where r.rngtypid = t.oid) end as "baseType",
            t.typnotnull as "notNull", t.typdefault as "defaultValue", obj_description(t.oid, 'pg_type') as comment
     from pg_type t join pg_namespace n on n.oid = t.typnamespace
     where n.nspname = any($1) and not ${extensionMember('pg_type', 't.oid')}
       and (t.typtype in ('e', 'd', 'r') or (t.typtype = 'c' and (select c.relkind from pg_class c where c.oid = t.typrelid) = 'c'))
     order by ${schemaOrder('n.nspname')}, t.typname collate "C"`,
    own,
  );

  const relationRows = await rows<Omit<RelationInfo, 'columns' | 'constraints' | 'indexes'> & { oid: number }>(
    client,
    `select c.oid, format('%I.%I', n.nspname, c.relname) as name, c.relkind::text as kind, quote_ident(pg_get_userbyid(c.relowner)) as owner,
            c.relpersistence::text as persistence, c.reloptions as options,
            case when c.relkind = 'p' then pg_get_partkeydef(c.oid) end as "partitionKey",
            case when c.relkind in ('v', 'm') then pg_get_viewdef(c.oid, true) end as "viewDefinition",
            c.relrowsecurity as "rowSecurity", c.relforcerowsecurity as "forceRowSecurity", case c.relreplident when 'f' then 'full' when 'n' then 'nothing'
              when 'i' then 'using index ' || (select quote_ident(ic.relname) from pg_index i join pg_class ic on ic.oid = i.indexrelid
                                                where i.indrelid = c.oid and i.indisreplident) end as "replicaIdentity",
            obj_description(c.oid, 'pg_class') as comment,
            ${aclJson(`coalesce(c.relacl, acldefault('r', c.relowner))`)} as acl
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where ${ownRelation}
     order by ${schemaOrder('n.nspname')}, c.relname collate "C"`,
    own,
  );
  const relationIds = relationRows.map((row) => row.oid);

  const columns = await rows<ColumnInfo & { relid: number }>(
    client,
    `select a.attrelid as relid, quote_ident(a.attname) as name, format_type(a.atttypid, a.atttypmod) as type,
            case when a.attcollation <> t.typcollation then
              (select case when cn.nspname = 'pg_catalog' then quote_ident(co.collname) else format('%I.%I', cn.nspname, co.collname) end
               from pg_collation co join pg_namespace cn on cn.oid = co.collnamespace where co.oid = a.attcollation) end as collation,
            a.attnotnull as "notNull", a.attidentity::text as identity, a.attgenerated::text as generated,
            pg_get_expr(d.adbin, d.adrelid, true) as "defaultValue", col_description(a.attrelid, a.attnum) as comment,
            ${aclJson(`a.attacl`)} as acl
     from pg_attribute a join pg_type t on t.oid = a.atttypid
     left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
     where a.attrelid = any($1::oid[]) and a.attnum > 0 and not a.attisdropped
     order by a.attrelid, a.attnum`,
    [relationIds],
  );

  const constraints = await rows<ConstraintInfo & { relid: number }>(
    client,
    `select c.conrelid as relid, quote_ident(c.conname) as name, pg_get_constraintdef(c.oid, true) as definition,
            obj_description(c.oid, 'pg_constraint') as comment
     from pg_constraint c
     where c.conrelid = any($1::oid[]) and c.contype in ('p', 'u', 'f', 'c', 'x')
     order by c.conrelid, array_position(array['p', 'u', 'f', 'c', 'x'], c.contype::text), c.conname collate "C"`,
    [relationIds],
  );

  const indexes = await rows<IndexInfo & { relid: number }>(
    client,
    `select i.indrelid as relid, format('%I.%I', n.nspname, ic.relname) as name, pg_get_indexdef(i.indexrelid) as definition,
            obj_description(i.indexrelid, 'pg_class') as comment
     from pg_index i join pg_class ic on ic.oid = i.indexrelid join pg_namespace n on n.oid = ic.relnamespace
     where i.indrelid = any($1::oid[])
       and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid and c.conrelid = i.indrelid and c.contype in ('p', 'u', 'x'))
     order by i.indrelid, ic.relname collate "C"`,
    [relationIds],
  );

  const relationFilter = `(${ownRelation} or ${madeByMigrations('x.oid', 'c.oid')})`;
  const policies = await rows<PolicyInfo>(
    client,
    `select format('%I.%I', n.nspname, c.relname) as table, quote_ident(x.polname) as name, x.polcmd::text as command,
            x.polpermissive as permissive,
            array(select case when r = 0 then 'public' else quote_ident(pg_get_userbyid(r)) end from unnest(x.polroles) r
                  order by r <> 0, pg_get_userbyid(r) collate "C") as roles,
            pg_get_expr(x.polqual, x.polrelid, true) as using, pg_get_expr(x.polwithcheck, x.polrelid, true) as "withCheck",
            obj_description(x.oid, 'pg_policy') as comment
     from pg_policy x join pg_class c on c.oid = x.polrelid join pg_namespace n on n.oid = c.relnamespace
     where ${relationFilter}
     order by n.nspname = any($1) desc, ${schemaOrder('n.nspname')}, n.nspname collate "C", c.relname collate "C",
              array_position(array['r', 'a', 'w', 'd', '*'], x.polcmd::text), x.polname collate "C"`,
    ownAndMarker,
  );

  const triggers = await rows<TriggerInfo>(
    client,
    `select format('%I.%I', n.nspname, c.relname) as table, quote_ident(x.tgname) as name, pg_get_triggerdef(x.oid, true) as definition,
            x.tgenabled::text as enabled, obj_description(x.oid, 'pg_trigger') as comment
     from pg_trigger x join pg_class c on c.oid = x.tgrelid join pg_namespace n on n.oid = c.relnamespace
     where not x.tgisinternal and ${relationFilter}
     order by n.nspname = any($1) desc, ${schemaOrder('n.nspname')}, n.nspname collate "C", c.relname collate "C", x.tgname collate "C"`,
    ownAndMarker,
  );

  const functions = await rows<FunctionInfo>(
    client,
    `select quote_ident(n.nspname) as schema, p.oid::regprocedure::text as signature, p.prokind::text as kind,
            quote_ident(pg_get_userbyid(p.proowner)) as owner,
            case when p.prokind in ('f', 'p') then pg_get_functiondef(p.oid) end as definition,
            obj_description(p.oid, 'pg_proc') as comment,
            ${aclJson(`coalesce(p.proacl, acldefault('f', p.proowner))`)} as acl
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = any($1) and not ${extensionMember('pg_proc', 'p.oid')}
     order by ${schemaOrder('n.nspname')}, p.proname collate "C", pg_get_function_identity_arguments(p.oid) collate "C"`,
    own,
  );

  // Identity columns' sequences show as the column's `generated … as identity`.
  const sequences = await rows<SequenceInfo>(
    client,
    `select format('%I.%I', n.nspname, c.relname) as name, format_type(s.seqtypid, null) as type,
            s.seqstart::text as start, s.seqincrement::text as increment, s.seqmin::text as min, s.seqmax::text as max,
            s.seqcache::text as cache, s.seqcycle as cycle,
            (select format('%s.%I', d.refobjid::regclass, a.attname) from pg_depend d
               join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
             where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.refclassid = 'pg_class'::regclass and d.deptype = 'a') as "ownedBy",
            quote_ident(pg_get_userbyid(c.relowner)) as owner, obj_description(c.oid, 'pg_class') as comment,
            ${aclJson(`coalesce(c.relacl, acldefault('s', c.relowner))`)} as acl
     from pg_class c join pg_namespace n on n.oid = c.relnamespace join pg_sequence s on s.seqrelid = c.oid
     where n.nspname = any($1) and not ${extensionMember('pg_class', 'c.oid')}
       and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'i')
     order by ${schemaOrder('n.nspname')}, c.relname collate "C"`,
    own,
  );

  const publications = await rows<PublicationMember>(
    client,
    `select * from (
       select quote_ident(p.pubname) as publication,
              'table ' || format('%I.%I', n.nspname, c.relname)
                || coalesce(' (' || (select string_agg(quote_ident(a.attname), ', ' order by a.attnum) from pg_attribute a
                                     where a.attrelid = r.prrelid and a.attnum = any(r.prattrs)) || ')', '')
                || coalesce(' where (' || pg_get_expr(r.prqual, r.prrelid, true) || ')', '') as member
       from pg_publication_rel r join pg_publication p on p.oid = r.prpubid
       join pg_class c on c.oid = r.prrelid join pg_namespace n on n.oid = c.relnamespace
       where (n.nspname = any($1) or r.oid > $2::oid)
       union all
       select quote_ident(p.pubname), 'tables in schema ' || quote_ident(n.nspname)
       from pg_publication_namespace pn join pg_publication p on p.oid = pn.pnpubid join pg_namespace n on n.oid = pn.pnnspid
       where n.nspname = any($1) or pn.oid > $2::oid
     ) m order by publication collate "C", member collate "C"`,
    ownAndMarker,
  );

  const hasCron = (await client.query<{ present: boolean }>(`select to_regclass('cron.job') is not null as present`)).rows[0]?.present;
  const cronJobs = hasCron
    ? await rows<CronJob>(client, `select jobname as name, schedule, command from cron.job order by jobname collate "C", jobid`, [])
    : [];

  const byRelation = <T extends { relid: number }>(list: T[], relid: number): Omit<T, 'relid'>[] =>
    list.filter((row) => row.relid === relid).map(({ relid: _relid, ...rest }) => rest);
  const relations = relationRows.map(({ oid, ...relation }) => ({
    ...relation,
    columns: byRelation(columns, oid),
    constraints: byRelation(constraints, oid),
    indexes: byRelation(indexes, oid),
  }));

  return { schemas, defaultPrivileges, extensions, types, relations, policies, triggers, functions, sequences, publications, cronJobs };
}
