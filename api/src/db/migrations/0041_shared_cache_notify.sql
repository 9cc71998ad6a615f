-- Issue 38: answers that are the same for every user (the catalogue, the report's texts) are cached by
-- each node for up to a minute; every write to their tables tells every node at its commit, whatever
-- wrote it (a screen, a job, a script). One notification per statement and topic; PostgreSQL folds the
-- same payload within a transaction into one, and a rolled-back write sends nothing.
create or replace function genodesk_cache_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('genodesk_cache', tg_argv[0]);
  return null;
end $$;
--> statement-breakpoint
create trigger template_categories_cache after insert or update or delete or truncate on template_categories
  for each statement execute function genodesk_cache_changed('catalogue');
--> statement-breakpoint
create trigger gene_combinations_cache after insert or update or delete or truncate on gene_combinations
  for each statement execute function genodesk_cache_changed('catalogue');
--> statement-breakpoint
create trigger templates_cache after insert or update or delete or truncate on templates
  for each statement execute function genodesk_cache_changed('catalogue');
--> statement-breakpoint
create trigger template_genotype_combinations_cache after insert or update or delete or truncate on template_genotype_combinations
  for each statement execute function genodesk_cache_changed('catalogue');
--> statement-breakpoint
create trigger combination_rules_cache after insert or update or delete or truncate on combination_rules
  for each statement execute function genodesk_cache_changed('catalogue');
--> statement-breakpoint
create trigger markers_cache after insert or update or delete or truncate on markers
  for each statement execute function genodesk_cache_changed('catalogue');
--> statement-breakpoint
create trigger report_texts_cache after insert or update or delete or truncate on report_texts
  for each statement execute function genodesk_cache_changed('settings');
