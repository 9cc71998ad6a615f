-- Issue 38: each node keeps a signed-in caller's principal (session, user, role, permissions, second
-- factors) between requests; every write to the tables it is read from tells every node at its commit,
-- whatever wrote it (a sign-out, a deactivation, a role's new permissions, a job, a script). A session's
-- own change names the session, so a node drops that one principal: each live session's last use is
-- written once a minute, and dropping every principal for it would leave a busy lab almost none kept.
-- A new session has no principal kept anywhere: its insert says nothing.
create or replace function genodesk_session_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('genodesk_cache', 'principals:' || coalesce(new.id, old.id)::text);
  return null;
end $$;
--> statement-breakpoint
create trigger sessions_principal_cache after update or delete on sessions
  for each row execute function genodesk_session_changed();
--> statement-breakpoint
create trigger sessions_truncate_principal_cache after truncate on sessions
  for each statement execute function genodesk_cache_changed('principals');
--> statement-breakpoint
create trigger users_principal_cache after insert or update or delete or truncate on users
  for each statement execute function genodesk_cache_changed('principals');
--> statement-breakpoint
create trigger roles_principal_cache after insert or update or delete or truncate on roles
  for each statement execute function genodesk_cache_changed('principals');
--> statement-breakpoint
create trigger role_permissions_principal_cache after insert or update or delete or truncate on role_permissions
  for each statement execute function genodesk_cache_changed('principals');
--> statement-breakpoint
create trigger user_totp_principal_cache after insert or update or delete or truncate on user_totp
  for each statement execute function genodesk_cache_changed('principals');
--> statement-breakpoint
create trigger passkeys_principal_cache after insert or update or delete or truncate on passkeys
  for each statement execute function genodesk_cache_changed('principals');
