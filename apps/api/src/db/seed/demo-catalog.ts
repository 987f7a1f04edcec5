/**
 * The demo catalogue: pet-health educational products sold in packs. Ids of the categories and
 * products with special rules (SPEC §9) are fixed; the rest are numbered from 144100 upwards.
 */
export interface DemoCategory {
  id: number;
  name: string;
  subtitle?: string;
  sort_order: number;
  products: DemoProduct[];
}
export interface DemoProduct {
  id?: number;
  name: string;
  kind: "Brochure" | "Client Handout" | "Kit" | "Poster" | "Reminder Card" | "Booklet" | "Display";
  pack: number;
  /** quickbooks_type_id 5 marks stock that may be destroyed (SPEC §4). */
  qbType?: number;
}

const b = (name: string, pack = 50): DemoProduct => ({ name, kind: "Brochure", pack });
const h = (name: string, pack = 100): DemoProduct => ({ name, kind: "Client Handout", pack });
const k = (name: string, pack = 10): DemoProduct => ({ name, kind: "Kit", pack });
const p = (name: string, pack = 5): DemoProduct => ({ name, kind: "Poster", pack });
const r = (name: string, pack = 250): DemoProduct => ({ name, kind: "Reminder Card", pack });

export const DEMO_CATEGORIES: DemoCategory[] = [
  {
    id: 2100,
    name: "New Client Kits",
    subtitle: "Ideal for puppy/kitten or new clients kits",
    sort_order: 10,
    products: [
      { id: 144048, name: "Puppy Starter Kit Folder", kind: "Kit", pack: 25 },
      k("Kitten Starter Kit Folder", 25),
      k("New Client Welcome Kit", 25),
      b("Your Puppy's First Year"),
      b("Your Kitten's First Year"),
      h("Puppy Vaccination Schedule"),
      h("Kitten Vaccination Schedule"),
    ],
  },
  {
    id: 2101,
    name: "Dental Health",
    sort_order: 20,
    products: [
      b("Brushing Your Pet's Teeth"),
      b("Periodontal Disease in Dogs and Cats"),
      p("Stages of Dental Disease Poster"),
      h("Dental Home-Care Checklist"),
      r("Dental Cleaning Reminder Card"),
      { name: "Dental Month Display Kit (2024 edition)", kind: "Display", pack: 1, qbType: 5 },
    ],
  },
  {
    id: 2102,
    name: "Parasite Prevention",
    sort_order: 30,
    products: [
      b("Fleas and Ticks: Year-Round Protection"),
      b("Heartworm Disease Explained"),
      h("Intestinal Parasites in Pets"),
      p("Mosquito Season Heartworm Poster"),
      r("Monthly Preventive Reminder Card"),
      { name: "Tick Season Counter Display (retired)", kind: "Display", pack: 1, qbType: 5 },
    ],
  },
  {
    id: 2103,
    name: "Vaccination & Wellness",
    sort_order: 40,
    products: [
      b("Core and Lifestyle Vaccines for Dogs"),
      b("Core and Lifestyle Vaccines for Cats"),
      h("Why Annual Wellness Exams Matter"),
      h("Leptospirosis: What Dog Owners Should Know"),
      r("Annual Wellness Exam Reminder Card"),
      r("Rabies Vaccination Reminder Card"),
    ],
  },
  {
    id: 2104,
    name: "Senior Pet Care",
    sort_order: 50,
    products: [
      b("Caring for Your Senior Dog"),
      b("Caring for Your Senior Cat"),
      h("Arthritis and Joint Pain in Older Pets"),
      h("Kidney Health in Senior Cats"),
      p("Signs of Pain in Pets Poster"),
    ],
  },
  {
    id: 2105,
    name: "Nutrition & Weight",
    sort_order: 60,
    products: [
      b("Healthy Weight for Dogs"),
      b("Healthy Weight for Cats"),
      h("Body Condition Score Chart"),
      p("Pet Obesity Awareness Poster"),
      { name: "Weight Check Program Kit", kind: "Kit", pack: 10 },
    ],
  },
  {
    id: 2106,
    name: "Behavior & Training",
    sort_order: 70,
    products: [
      b("House-Training Your Puppy"),
      b("Litter Box Success"),
      h("Separation Anxiety in Dogs"),
      h("Fear Free Vet Visits"),
      { name: "Socialization Checklist Booklet", kind: "Booklet", pack: 25 },
    ],
  },
  {
    id: 2107,
    name: "Reminder Cards",
    sort_order: 80,
    products: [
      r("Vaccine Due Reminder Postcard"),
      r("Birthday Wellness Postcard"),
      r("Dental Month Postcard"),
      r("Heartworm Test Reminder Postcard"),
      { name: "Appointment Card Refill Pack", kind: "Reminder Card", pack: 500 },
    ],
  },
  {
    id: 2108,
    name: "Posters & Exam Room",
    sort_order: 90,
    products: [
      p("Canine Anatomy Exam Room Poster"),
      p("Feline Anatomy Exam Room Poster"),
      p("Toxic Foods for Pets Poster"),
      p("Microchipping Saves Lives Poster"),
      { name: "Exam Room Flip Chart", kind: "Booklet", pack: 1 },
    ],
  },
  {
    id: 2109,
    name: "Feline Health",
    sort_order: 100,
    products: [
      b("Indoor Cat Enrichment"),
      b("Feline Diabetes"),
      h("Hyperthyroidism in Cats"),
      h("Stress-Free Cat Carrier Tips"),
      { name: "Cat Friendly Practice Window Cling", kind: "Display", pack: 2, qbType: 5 },
    ],
  },
  {
    id: 2214,
    name: "Pet Health Awareness Program",
    subtitle: "Ideal for sharing: give the program to your clients and your whole team",
    sort_order: 110,
    products: [
      { name: "Top 10 Canine Health Conditions PHA", kind: "Booklet", pack: 25 },
      { name: "Top 10 Feline Health Conditions", kind: "Booklet", pack: 25 },
      { name: "Pet Health Awareness Team Guide", kind: "Booklet", pack: 10 },
      h("Pet Health Awareness Client Checklist"),
    ],
  },
  {
    id: 2217,
    name: "New York Wellness Program",
    sort_order: 120,
    products: [
      { id: 144518, name: "New York Rabies Law Client Guide", kind: "Brochure", pack: 50 },
      { id: 144517, name: "New York Lyme Disease Awareness Brochure", kind: "Brochure", pack: 50 },
      { id: 148980, name: "New York Wellness Program Starter Kit", kind: "Kit", pack: 10 },
      h("New York Tick-Borne Disease Map"),
    ],
  },
];
