ALTER TABLE "businesses" ADD COLUMN "name_hi" text;--> statement-breakpoint
ALTER TABLE "team_contacts" ADD COLUMN "name_hi" text;--> statement-breakpoint
-- Categories now come from a translated list (contract businessCategories); the demo seed's old
-- texts become their keys, anything else a team typed stays and is shown as written.
UPDATE "businesses" SET "category" = CASE "category"
  WHEN 'Tyres & Puncture' THEN 'tyres'
  WHEN 'Dhaba' THEN 'dhaba'
  WHEN 'Insurance' THEN 'insurance'
  WHEN 'Vehicle Service' THEN 'vehicle_service'
  WHEN 'Fuel Station' THEN 'fuel_station'
  ELSE "category" END;
