//! The names a name swap writes in, and where each list comes from.
//!
//! English names are those of Bertrand & Mullainathan (2004), "Are Emily and Greg More Employable
//! than Lakisha and Jamal? A Field Experiment on Labor Market Discrimination", American Economic
//! Review 94(4): 991–1013: nine first names for each of White and African-American women and men,
//! and the family names they gave each group: names chosen from birth records for how distinctive
//! of each group they are, which is what a test of a name's signal needs.
//!
//! Not here: Hispanic- and Asian-coded names. Gaddis (2017) tested how Hispanic names are
//! perceived, and Kline, Rose & Walters (2022) sent applications under many names, but their full
//! lists could not be read from a source this code could cite; a list from memory would be an
//! invented citation. Nor a Chinese ethnicity list: no published audit study's names were found.

use crate::domain::Language;

/// White female first names, Bertrand & Mullainathan (2004): the study's table of first names
/// with their call-back rates, as reproduced from the working paper at
/// <http://www.zackvision.com/weblog/2002/12/racial-discrimination-2>.
pub const WHITE_FEMALE: [&str; 9] = [
    "Allison", "Anne", "Carrie", "Emily", "Jill", "Laurie", "Kristen", "Meredith", "Sarah",
];

/// African-American female first names, Bertrand & Mullainathan (2004) (same source).
pub const BLACK_FEMALE: [&str; 9] = [
    "Aisha", "Ebony", "Keisha", "Kenya", "Lakisha", "Latonya", "Latoya", "Tamika", "Tanisha",
];

/// White male first names, Bertrand & Mullainathan (2004) (same source).
pub const WHITE_MALE: [&str; 9] = [
    "Brad", "Brendan", "Geoffrey", "Greg", "Brett", "Jay", "Matthew", "Neil", "Todd",
];

/// African-American male first names, Bertrand & Mullainathan (2004) (same source).
pub const BLACK_MALE: [&str; 9] = [
    "Darnell", "Hakim", "Jamal", "Jermaine", "Kareem", "Leroy", "Rasheed", "Tremayne", "Tyrone",
];

/// The family names Bertrand & Mullainathan (2004) gave White applicants, as MIT News reported
/// the study (<http://news.mit.edu/2003/whats-name>).
pub const WHITE_SURNAMES: [&str; 9] = [
    "Baker", "Kelly", "McCarthy", "Murphy", "Murray", "O'Brien", "Ryan", "Sullivan", "Walsh",
];

/// The family names Bertrand & Mullainathan (2004) gave African-American applicants (same
/// source).
pub const BLACK_SURNAMES: [&str; 5] = ["Jackson", "Jones", "Robinson", "Washington", "Williams"];

/// Chinese given names commonly read as female. NOT from an audit study: no published Chinese
/// correspondence study's name list was found, so these are a small hand-picked set whose
/// characters (婷, 娟, 燕, 芳, 梅, 玲) are conventionally feminine. Replace them with a study's
/// list when one can be cited.
pub const ZH_FEMALE: [&str; 8] = [
    "婷婷", "丽娟", "晓燕", "秀芳", "雪梅", "美玲", "静怡", "海燕",
];

/// Chinese given names commonly read as male. NOT from an audit study (see [`ZH_FEMALE`]): a
/// hand-picked set whose characters (强, 军, 刚, 杰, 栋) are conventionally masculine.
pub const ZH_MALE: [&str; 8] = [
    "志强", "建军", "志刚", "俊杰", "国栋", "浩然", "永刚", "伟东",
];

/// Common Chinese family names, so that the family name carries no signal of its own (a rare
/// one could hint at a region or an ethnic minority). NOT from an audit study.
pub const ZH_SURNAMES: [&str; 8] = ["王", "李", "张", "刘", "陈", "杨", "赵", "黄"];

/// A name written into a variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PersonName {
    pub given: &'static str,
    pub family: &'static str,
    /// Chinese order and spacing (family name first, no space) rather than "Given Family".
    pub chinese: bool,
}

impl PersonName {
    pub fn full(&self) -> String {
        if self.chinese {
            format!("{}{}", self.family, self.given)
        } else {
            format!("{} {}", self.given, self.family)
        }
    }

    fn clashes(&self, avoid: &[String]) -> bool {
        let full = self.full().to_lowercase();
        avoid
            .iter()
            .map(|a| a.to_lowercase())
            .any(|a| a == self.given.to_lowercase() || a == self.family.to_lowercase() || a == full)
    }
}

/// The gender pair `[male, female]`: one ethnicity (English: White for an even `seed`,
/// African-American for an odd one) and one family name, so only the given name differs. `avoid`
/// holds the original name and its parts: a pair that would write one of them back is skipped,
/// so the original name appears in neither arm.
pub fn gender_pair(language: Language, seed: usize, avoid: &[String]) -> [PersonName; 2] {
    let (male, female, families, chinese): (&[&str], &[&str], &[&str], bool) = match language {
        Language::Zh => (&ZH_MALE, &ZH_FEMALE, &ZH_SURNAMES, true),
        Language::En if seed.is_multiple_of(2) => {
            (&WHITE_MALE, &WHITE_FEMALE, &WHITE_SURNAMES, false)
        }
        Language::En => (&BLACK_MALE, &BLACK_FEMALE, &BLACK_SURNAMES, false),
    };
    let base = if chinese { seed } else { seed / 2 };
    first_clear(
        base,
        |i| {
            let family = families[i % families.len()];
            [
                PersonName {
                    given: male[i % male.len()],
                    family,
                    chinese,
                },
                PersonName {
                    given: female[i % female.len()],
                    family,
                    chinese,
                },
            ]
        },
        avoid,
    )
}

/// The ethnicity pair `[White, African-American]`, both of one gender (female for an even
/// `seed`, male for an odd one), each with a family name of its group. `None` in Chinese: no
/// published list to draw from (see the module's note).
pub fn ethnicity_pair(
    language: Language,
    seed: usize,
    avoid: &[String],
) -> Option<[PersonName; 2]> {
    if language == Language::Zh {
        return None;
    }
    let (white, black): (&[&str], &[&str]) = if seed.is_multiple_of(2) {
        (&WHITE_FEMALE, &BLACK_FEMALE)
    } else {
        (&WHITE_MALE, &BLACK_MALE)
    };
    Some(first_clear(
        seed / 2,
        |i| {
            [
                PersonName {
                    given: white[i % white.len()],
                    family: WHITE_SURNAMES[i % 9],
                    chinese: false,
                },
                PersonName {
                    given: black[i % black.len()],
                    family: BLACK_SURNAMES[i % 5],
                    chinese: false,
                },
            ]
        },
        avoid,
    ))
}

/// The pair at `base`, or at the next index whose names clash with none of `avoid`. Every list
/// has five names or more and a resume's name has few parts, so one is always found soon; the
/// first pair is kept if none were (it cannot happen with these lists).
fn first_clear(
    base: usize,
    pair: impl Fn(usize) -> [PersonName; 2],
    avoid: &[String],
) -> [PersonName; 2] {
    (0..45)
        .map(|k| pair(base.wrapping_add(k)))
        .find(|p| !p.iter().any(|n| n.clashes(avoid)))
        .unwrap_or_else(|| pair(base))
}
