// A business whose name is only its owner's ("Emilie ROGHI", "Dr.med. dent. Daniel Neuhauser"):
// to the person greeted it is "your website", never "the website of Emilie ROGHI" in the third
// person (an osteopath's rater found that odd). A practice name beside the person ("Mark Perez
// DDS", "Cosmetic Studio Nada Bartl") is still said: the writer names the business there.

/** The letters of a name, its titles before it ("Dr.", "Dr.med. dent.") and accents aside. */
const bare = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/^(?:(?:dra?|prof|mr|mrs|ms|med|dent|vet)\.?\s*)+/, '')
    .replace(/[^a-z]/g, '');

/** Whether the business's name is the greeted person's own name and nothing more. */
export function isOwnName(business: string | null | undefined, person: string | null | undefined): boolean {
  if (!business || !person) return false;
  const name = bare(person);
  return name.length > 0 && bare(business) === name;
}
