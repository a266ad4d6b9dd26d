// The shape `supabase gen types typescript` produces for the public schema of supabase/migrations, written by
// hand (the Supabase CLI needs Docker, absent here). Keep it in step with the migrations, or regenerate it:
//   npx supabase gen types typescript --db-url "$DB_URL" --schema public > web/src/lib/database.types.ts

export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  // Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: "12"
  }
  public: {
    Tables: {
      audit_log: {
        Row: {
          action: string
          actor_user_id: string | null
          created_at: string
          description: string
          details: Json
          entity_id: string | null
          entity_type: string
          id: number
          ip_address: unknown
          pharmacy_id: string | null
          patient_id: string | null
          success: boolean
        }
        Insert: {
          action: string
          actor_user_id?: string | null
          created_at?: string
          description: string
          details?: Json
          entity_id?: string | null
          entity_type: string
          id?: never
          ip_address?: unknown
          pharmacy_id?: string | null
          patient_id?: string | null
          success?: boolean
        }
        Update: {
          action?: string
          actor_user_id?: string | null
          created_at?: string
          description?: string
          details?: Json
          entity_id?: string | null
          entity_type?: string
          id?: never
          ip_address?: unknown
          pharmacy_id?: string | null
          patient_id?: string | null
          success?: boolean
        }
        Relationships: [
          {
            foreignKeyName: "audit_log_pharmacy_id_fkey"
            columns: ["pharmacy_id"]
            isOneToOne: false
            referencedRelation: "pharmacies"
            referencedColumns: ["id"]
          },
        ]
      }
      medications: {
        Row: {
          change_reason: string | null
          created_at: string
          dea_schedule: string | null
          dosage_form: string | null
          generic_name: string | null
          id: string
          is_low_stock: boolean | null
          low_stock_threshold: number
          manufacturer: string | null
          name: string
          ndc_number: string | null
          pharmacy_id: string
          price: number
          stock: number
          strength: string | null
          updated_at: string
        }
        Insert: {
          change_reason?: string | null
          created_at?: string
          dea_schedule?: string | null
          dosage_form?: string | null
          generic_name?: string | null
          id?: string
          is_low_stock?: never
          low_stock_threshold?: number
          manufacturer?: string | null
          name: string
          ndc_number?: string | null
          pharmacy_id?: string
          price?: number
          stock?: number
          strength?: string | null
          updated_at?: string
        }
        Update: {
          change_reason?: string | null
          created_at?: string
          dea_schedule?: string | null
          dosage_form?: string | null
          generic_name?: string | null
          id?: string
          is_low_stock?: never
          low_stock_threshold?: number
          manufacturer?: string | null
          name?: string
          ndc_number?: string | null
          pharmacy_id?: string
          price?: number
          stock?: number
          strength?: string | null
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "medications_pharmacy_id_fkey"
            columns: ["pharmacy_id"]
            isOneToOne: false
            referencedRelation: "pharmacies"
            referencedColumns: ["id"]
          },
        ]
      }
      patients: {
        Row: {
          allergies: string[]
          city: string | null
          created_at: string
          current_medications: string[]
          date_of_birth: string | null
          email: string | null
          first_name: string
          id: string
          insurance_group_number: string | null
          insurance_member_id: string | null
          insurance_provider: string | null
          last_name: string
          pharmacy_id: string
          phone: string | null
          state: string | null
          street_address: string | null
          updated_at: string
          zip_code: string | null
        }
        Insert: {
          allergies?: string[]
          city?: string | null
          created_at?: string
          current_medications?: string[]
          date_of_birth?: string | null
          email?: string | null
          first_name: string
          id?: string
          insurance_group_number?: string | null
          insurance_member_id?: string | null
          insurance_provider?: string | null
          last_name: string
          pharmacy_id?: string
          phone?: string | null
          state?: string | null
          street_address?: string | null
          updated_at?: string
          zip_code?: string | null
        }
        Update: {
          allergies?: string[]
          city?: string | null
          created_at?: string
          current_medications?: string[]
          date_of_birth?: string | null
          email?: string | null
          first_name?: string
          id?: string
          insurance_group_number?: string | null
          insurance_member_id?: string | null
          insurance_provider?: string | null
          last_name?: string
          pharmacy_id?: string
          phone?: string | null
          state?: string | null
          street_address?: string | null
          updated_at?: string
          zip_code?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "patients_pharmacy_id_fkey"
            columns: ["pharmacy_id"]
            isOneToOne: false
            referencedRelation: "pharmacies"
            referencedColumns: ["id"]
          },
        ]
      }
      pharmacies: {
        Row: {
          business_type: string | null
          chain_affiliation: string | null
          city: string | null
          county: string | null
          created_at: string
          dea_number: string
          email: string | null
          fax: string | null
          id: string
          is_demo: boolean
          nabp_number: string | null
          ncpdp_id: string
          npi_number: string | null
          ownership_type: string | null
          pharmacy_name: string
          phone: string | null
          state: string | null
          state_license_number: string | null
          state_license_state: string | null
          street_address: string | null
          tax_id: string | null
          time_zone: string
          trade_name: string | null
          updated_at: string
          website: string | null
          zip_code: string | null
        }
        Insert: {
          business_type?: string | null
          chain_affiliation?: string | null
          city?: string | null
          county?: string | null
          created_at?: string
          dea_number: string
          email?: string | null
          fax?: string | null
          id?: string
          is_demo?: boolean
          nabp_number?: string | null
          ncpdp_id: string
          npi_number?: string | null
          ownership_type?: string | null
          pharmacy_name: string
          phone?: string | null
          state?: string | null
          state_license_number?: string | null
          state_license_state?: string | null
          street_address?: string | null
          tax_id?: string | null
          time_zone?: string
          trade_name?: string | null
          updated_at?: string
          website?: string | null
          zip_code?: string | null
        }
        Update: {
          business_type?: string | null
          chain_affiliation?: string | null
          city?: string | null
          county?: string | null
          created_at?: string
          dea_number?: string
          email?: string | null
          fax?: string | null
          id?: string
          is_demo?: boolean
          nabp_number?: string | null
          ncpdp_id?: string
          npi_number?: string | null
          ownership_type?: string | null
          pharmacy_name?: string
          phone?: string | null
          state?: string | null
          state_license_number?: string | null
          state_license_state?: string | null
          street_address?: string | null
          tax_id?: string | null
          time_zone?: string
          trade_name?: string | null
          updated_at?: string
          website?: string | null
          zip_code?: string | null
        }
        Relationships: []
      }
      pharmacists_in_charge: {
        Row: {
          created_at: string
          first_name: string
          id: string
          last_name: string
          license_expiration: string | null
          license_number: string
          license_state: string | null
          pharmacy_id: string
          updated_at: string
        }
        Insert: {
          created_at?: string
          first_name: string
          id?: string
          last_name: string
          license_expiration?: string | null
          license_number: string
          license_state?: string | null
          pharmacy_id?: string
          updated_at?: string
        }
        Update: {
          created_at?: string
          first_name?: string
          id?: string
          last_name?: string
          license_expiration?: string | null
          license_number?: string
          license_state?: string | null
          pharmacy_id?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "pharmacists_in_charge_pharmacy_id_fkey"
            columns: ["pharmacy_id"]
            isOneToOne: true
            referencedRelation: "pharmacies"
            referencedColumns: ["id"]
          },
        ]
      }
      pharmacy_operating_hours: {
        Row: {
          closes_at: string | null
          created_at: string
          is_closed: boolean
          opens_at: string | null
          pharmacy_id: string
          updated_at: string
          weekday: string
        }
        Insert: {
          closes_at?: string | null
          created_at?: string
          is_closed?: boolean
          opens_at?: string | null
          pharmacy_id?: string
          updated_at?: string
          weekday: string
        }
        Update: {
          closes_at?: string | null
          created_at?: string
          is_closed?: boolean
          opens_at?: string | null
          pharmacy_id?: string
          updated_at?: string
          weekday?: string
        }
        Relationships: [
          {
            foreignKeyName: "pharmacy_operating_hours_pharmacy_id_fkey"
            columns: ["pharmacy_id"]
            isOneToOne: false
            referencedRelation: "pharmacies"
            referencedColumns: ["id"]
          },
        ]
      }
      prescribers: {
        Row: {
          board_certifications: string[]
          created_at: string
          dea_number: string | null
          degree: string | null
          email: string | null
          fax: string | null
          first_name: string
          id: string
          last_name: string
          license_number: string | null
          license_state: string | null
          npi_number: string | null
          pharmacy_id: string
          phone: string | null
          practice_address: string | null
          practice_city: string | null
          practice_state: string | null
          practice_zip_code: string | null
          specialty: string | null
          title: string | null
          updated_at: string
          verification_status: string
        }
        Insert: {
          board_certifications?: string[]
          created_at?: string
          dea_number?: string | null
          degree?: string | null
          email?: string | null
          fax?: string | null
          first_name: string
          id?: string
          last_name: string
          license_number?: string | null
          license_state?: string | null
          npi_number?: string | null
          pharmacy_id?: string
          phone?: string | null
          practice_address?: string | null
          practice_city?: string | null
          practice_state?: string | null
          practice_zip_code?: string | null
          specialty?: string | null
          title?: string | null
          updated_at?: string
          verification_status?: string
        }
        Update: {
          board_certifications?: string[]
          created_at?: string
          dea_number?: string | null
          degree?: string | null
          email?: string | null
          fax?: string | null
          first_name?: string
          id?: string
          last_name?: string
          license_number?: string | null
          license_state?: string | null
          npi_number?: string | null
          pharmacy_id?: string
          phone?: string | null
          practice_address?: string | null
          practice_city?: string | null
          practice_state?: string | null
          practice_zip_code?: string | null
          specialty?: string | null
          title?: string | null
          updated_at?: string
          verification_status?: string
        }
        Relationships: [
          {
            foreignKeyName: "prescribers_pharmacy_id_fkey"
            columns: ["pharmacy_id"]
            isOneToOne: false
            referencedRelation: "pharmacies"
            referencedColumns: ["id"]
          },
        ]
      }
      prescription_label_prints: {
        Row: {
          id: string
          kind: string
          pharmacy_id: string
          prescription_id: string
          printed_at: string
          printed_by: string | null
        }
        Insert: {
          id?: string
          kind?: string
          pharmacy_id?: string
          prescription_id: string
          printed_at?: string
          printed_by?: string | null
        }
        Update: {
          id?: string
          kind?: string
          pharmacy_id?: string
          prescription_id?: string
          printed_at?: string
          printed_by?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "prescription_label_prints_pharmacy_id_fkey"
            columns: ["pharmacy_id"]
            isOneToOne: false
            referencedRelation: "pharmacies"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "prescription_label_prints_prescription_fkey"
            columns: ["pharmacy_id", "prescription_id"]
            isOneToOne: false
            referencedRelation: "prescriptions"
            referencedColumns: ["pharmacy_id", "id"]
          },
        ]
      }
      prescriptions: {
        Row: {
          ai_flags: Json
          callback_number: string | null
          caller_info: string | null
          completed_at: string | null
          completed_by: string | null
          created_at: string
          date_filled: string | null
          days_supply: number | null
          directions: string | null
          entered_at: string
          entered_by: string | null
          fax_number: string | null
          id: string
          medication_id: string
          original_date: string | null
          overridden_at: string | null
          overridden_by: string | null
          override_reason: string | null
          patient_id: string
          pharmacy_id: string
          prescriber_id: string | null
          prescriber_name: string | null
          prescription_type: string
          processed_at: string | null
          processed_by: string | null
          quantity: number | null
          refills: number
          refills_used: number
          rx_number: number
          source: string
          status: string
          updated_at: string
          urgency_level: string | null
          verification_notes: string | null
          verification_flags: Json | null
          verification_override_reason: string | null
          verification_overridden_at: string | null
          verification_overridden_by: string | null
          verified_at: string | null
          verified_by: string | null
        }
        Insert: {
          ai_flags?: Json
          callback_number?: string | null
          caller_info?: string | null
          completed_at?: string | null
          completed_by?: string | null
          created_at?: string
          date_filled?: string | null
          days_supply?: number | null
          directions?: string | null
          entered_at?: string
          entered_by?: string | null
          fax_number?: string | null
          id?: string
          medication_id: string
          original_date?: string | null
          overridden_at?: string | null
          overridden_by?: string | null
          override_reason?: string | null
          patient_id: string
          pharmacy_id?: string
          prescriber_id?: string | null
          prescriber_name?: string | null
          prescription_type?: string
          processed_at?: string | null
          processed_by?: string | null
          quantity?: number | null
          refills?: number
          refills_used?: number
          rx_number: number
          source?: string
          status?: string
          updated_at?: string
          urgency_level?: string | null
          verification_notes?: string | null
          verification_flags?: Json | null
          verification_override_reason?: string | null
          verification_overridden_at?: string | null
          verification_overridden_by?: string | null
          verified_at?: string | null
          verified_by?: string | null
        }
        Update: {
          ai_flags?: Json
          callback_number?: string | null
          caller_info?: string | null
          completed_at?: string | null
          completed_by?: string | null
          created_at?: string
          date_filled?: string | null
          days_supply?: number | null
          directions?: string | null
          entered_at?: string
          entered_by?: string | null
          fax_number?: string | null
          id?: string
          medication_id?: string
          original_date?: string | null
          overridden_at?: string | null
          overridden_by?: string | null
          override_reason?: string | null
          patient_id?: string
          pharmacy_id?: string
          prescriber_id?: string | null
          prescriber_name?: string | null
          prescription_type?: string
          processed_at?: string | null
          processed_by?: string | null
          quantity?: number | null
          refills?: number
          refills_used?: number
          rx_number?: number
          source?: string
          status?: string
          updated_at?: string
          urgency_level?: string | null
          verification_notes?: string | null
          verification_flags?: Json | null
          verification_override_reason?: string | null
          verification_overridden_at?: string | null
          verification_overridden_by?: string | null
          verified_at?: string | null
          verified_by?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "prescriptions_medication_fkey"
            columns: ["pharmacy_id", "medication_id"]
            isOneToOne: false
            referencedRelation: "medications"
            referencedColumns: ["pharmacy_id", "id"]
          },
          {
            foreignKeyName: "prescriptions_patient_fkey"
            columns: ["pharmacy_id", "patient_id"]
            isOneToOne: false
            referencedRelation: "patients"
            referencedColumns: ["pharmacy_id", "id"]
          },
          {
            foreignKeyName: "prescriptions_pharmacy_id_fkey"
            columns: ["pharmacy_id"]
            isOneToOne: false
            referencedRelation: "pharmacies"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "prescriptions_prescriber_fkey"
            columns: ["pharmacy_id", "prescriber_id"]
            isOneToOne: false
            referencedRelation: "prescribers"
            referencedColumns: ["pharmacy_id", "id"]
          },
        ]
      }
      rx_number_counters: {
        Row: {
          last_rx_number: number
          pharmacy_id: string
          updated_at: string
        }
        Insert: {
          last_rx_number: number
          pharmacy_id: string
          updated_at?: string
        }
        Update: {
          last_rx_number?: number
          pharmacy_id?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "rx_number_counters_pharmacy_id_fkey"
            columns: ["pharmacy_id"]
            isOneToOne: true
            referencedRelation: "pharmacies"
            referencedColumns: ["id"]
          },
        ]
      }
      security_policies: {
        Row: {
          created_at: string
          lockout_minutes: number
          max_failed_logins: number
          pharmacy_id: string
          session_timeout_minutes: number
          updated_at: string
        }
        Insert: {
          created_at?: string
          lockout_minutes?: number
          max_failed_logins?: number
          pharmacy_id?: string
          session_timeout_minutes?: number
          updated_at?: string
        }
        Update: {
          created_at?: string
          lockout_minutes?: number
          max_failed_logins?: number
          pharmacy_id?: string
          session_timeout_minutes?: number
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "security_policies_pharmacy_id_fkey"
            columns: ["pharmacy_id"]
            isOneToOne: true
            referencedRelation: "pharmacies"
            referencedColumns: ["id"]
          },
        ]
      }
      staff_profiles: {
        Row: {
          created_at: string
          email: string
          failed_login_count: number
          first_name: string
          is_active: boolean
          last_login_at: string | null
          last_name: string
          license_expiration: string | null
          license_number: string | null
          license_state: string | null
          license_type: string | null
          locked_until: string | null
          pharmacy_id: string
          phone: string | null
          role: string
          two_factor_enabled: boolean
          updated_at: string
          user_id: string
        }
        Insert: {
          created_at?: string
          email: string
          failed_login_count?: number
          first_name: string
          is_active?: boolean
          last_login_at?: string | null
          last_name: string
          license_expiration?: string | null
          license_number?: string | null
          license_state?: string | null
          license_type?: string | null
          locked_until?: string | null
          pharmacy_id?: string
          phone?: string | null
          role: string
          two_factor_enabled?: boolean
          updated_at?: string
          user_id: string
        }
        Update: {
          created_at?: string
          email?: string
          failed_login_count?: number
          first_name?: string
          is_active?: boolean
          last_login_at?: string | null
          last_name?: string
          license_expiration?: string | null
          license_number?: string | null
          license_state?: string | null
          license_type?: string | null
          locked_until?: string | null
          pharmacy_id?: string
          phone?: string | null
          role?: string
          two_factor_enabled?: boolean
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "staff_profiles_pharmacy_id_fkey"
            columns: ["pharmacy_id"]
            isOneToOne: false
            referencedRelation: "pharmacies"
            referencedColumns: ["id"]
          },
        ]
      }
      subscription_plans: {
        Row: {
          billing_cycle: string
          created_at: string
          currency: string
          description: string
          features: Json
          id: string
          is_active: boolean
          name: string
          price: number
          trial_days: number
          updated_at: string
        }
        Insert: {
          billing_cycle: string
          created_at?: string
          currency?: string
          description: string
          features?: Json
          id: string
          is_active?: boolean
          name: string
          price: number
          trial_days?: number
          updated_at?: string
        }
        Update: {
          billing_cycle?: string
          created_at?: string
          currency?: string
          description?: string
          features?: Json
          id?: string
          is_active?: boolean
          name?: string
          price?: number
          trial_days?: number
          updated_at?: string
        }
        Relationships: []
      }
      subscriptions: {
        Row: {
          created_at: string
          id: string
          next_billing_date: string | null
          pharmacy_id: string
          plan_id: string
          status: string
          trial_ends_at: string | null
          updated_at: string
        }
        Insert: {
          created_at?: string
          id?: string
          next_billing_date?: string | null
          pharmacy_id?: string
          plan_id: string
          status: string
          trial_ends_at?: string | null
          updated_at?: string
        }
        Update: {
          created_at?: string
          id?: string
          next_billing_date?: string | null
          pharmacy_id?: string
          plan_id?: string
          status?: string
          trial_ends_at?: string | null
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "subscriptions_pharmacy_id_fkey"
            columns: ["pharmacy_id"]
            isOneToOne: false
            referencedRelation: "pharmacies"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "subscriptions_plan_id_fkey"
            columns: ["plan_id"]
            isOneToOne: false
            referencedRelation: "subscription_plans"
            referencedColumns: ["id"]
          },
        ]
      }
    }
    Views: {
      [_ in never]: never
    }
    Functions: {
      check_interactions: {
        Args: { allergies?: string[]; medications: string[] }
        Returns: Json
      }
      current_staff_context: { Args: never; Returns: Json }
      dashboard_stats: {
        Args: { day_end: string; day_start: string }
        Returns: Json
      }
      demo_sign_in_panel: { Args: never; Returns: Json }
      move_prescription: {
        Args: { override_reason?: string; prescription_id: string; to_status: string }
        Returns: Json
      }
      hook_password_verification_attempt: {
        Args: { event: Json }
        Returns: Json
      }
      onboard_pharmacy: {
        Args: {
          admin_user_id: string
          operating_hours?: Json
          pharmacy: Json
          pic?: Json
          plan_id?: string
        }
        Returns: Json
      }
      onboarding_conflicts: {
        Args: {
          dea_number: string
          email: string
          nabp_number: string
          ncpdp_id: string
        }
        Returns: string[]
      }
      patient_access_history: {
        Args: { before_id?: number; page_size?: number; patient_id: string }
        Returns: {
          accessed_at: string
          action: string
          actor_name: string | null
          actor_role: string | null
          actor_user_id: string | null
          description: string
          id: number
          ip_address: string | null
          prescription_id: string | null
        }[]
      }
      prescription_queue_counts: { Args: never; Returns: Json }
      queue_page: {
        Args: {
          after_created_at?: string
          after_id?: string
          filled_on?: string
          page_size?: number
          queue_status: string
          search?: string
        }
        Returns: {
          ai_flags: Json
          callback_number: string | null
          caller_info: string | null
          completed_at: string | null
          completed_by: string | null
          created_at: string
          date_filled: string | null
          days_supply: number | null
          directions: string | null
          entered_at: string
          entered_by: string | null
          fax_number: string | null
          id: string
          medication_id: string
          original_date: string | null
          overridden_at: string | null
          overridden_by: string | null
          override_reason: string | null
          patient_id: string
          pharmacy_id: string
          prescriber_id: string | null
          prescriber_name: string | null
          prescription_type: string
          processed_at: string | null
          processed_by: string | null
          quantity: number | null
          refills: number
          refills_used: number
          rx_number: number
          source: string
          status: string
          updated_at: string
          urgency_level: string | null
          verification_notes: string | null
          verification_flags: Json | null
          verification_override_reason: string | null
          verification_overridden_at: string | null
          verification_overridden_by: string | null
          verified_at: string | null
          verified_by: string | null
        }[]
        SetofOptions: {
          from: "*"
          to: "prescriptions"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      record_patient_access: {
        Args: { patient_id: string; prescription_id?: string; what: string }
        Returns: undefined
      }
    }
    Enums: {
      [_ in never]: never
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never

export const Constants = {
  public: {
    Enums: {},
  },
} as const
