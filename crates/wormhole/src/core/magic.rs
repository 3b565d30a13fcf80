//! Fast orthodox sliding attacks: "fancy" magic bitboards.
//!
//! A rook or bishop on a square sees only the blockers on its lines short
//! of the edge (the *relevant* squares). Multiplying those blockers by a
//! magic number gathers them, without collisions that matter, into the top
//! bits of the product; those bits index a table of the attacks for that
//! blocker pattern. One AND, one multiplication, one shift and one load
//! replace walking four rays (perft through the orthodox games spent most
//! of its time walking rays).
//!
//! The magic numbers are our own: they are searched once, the first time
//! any attack is asked for, from a fixed [`splitmix`] seed (so every run
//! finds the same ones), and the tables are filled then (about 800 KiB).
//! Nothing is allocated after that.

use std::sync::LazyLock;

use crate::core::steps::{DIAGONAL, ORTHOGONAL, slide};
use crate::core::zobrist::splitmix;

/// One square's magic: which blockers matter, the multiplier, the shift
/// and where its attacks start in the shared table.
#[derive(Clone, Copy, Default)]
struct Magic {
    mask: u64,
    factor: u64,
    shift: u32,
    offset: usize,
}

/// The magics of both sliders and their one table of attacks.
struct Tables {
    rook: [Magic; 64],
    bishop: [Magic; 64],
    attacks: Box<[u64]>,
}

/// The rook magics by square, as [`find`] found them from the seed in
/// [`Tables::build`] (kept so the search does not run at every start: it
/// took 0.1 s).
const ROOK_FACTORS: [u64; 64] = [
    0x0080_0020_8010_4001,
    0x0040_0020_0040_1000,
    0x0080_2000_1000_800a,
    0x0280_0800_1000_8004,
    0x2200_0410_0820_0200,
    0x3100_0100_0802_0400,
    0x0200_1801_08c2_000c,
    0x0200_0d4b_0084_0022,
    0x0809_800a_4000_8420,
    0x0400_4040_1000_2000,
    0x0002_0040_1022_0080,
    0x3020_8080_1000_0800,
    0x8009_0008_0004_1100,
    0x00a0_8002_0080_0401,
    0x0000_8002_0001_0080,
    0x40a2_0013_8400_6601,
    0x0080_00c0_0060_00c0,
    0xc010_0140_4000_2000,
    0x4000_8280_2002_1004,
    0xe122_0a00_2012_0040,
    0x50b8_0040_0400_4200,
    0x0004_0080_0200_8004,
    0x0004_4400_1002_0188,
    0xc000_0200_0100_a754,
    0x4040_802c_8008_4000,
    0x2100_2000_4040_1000,
    0x08a0_0101_0010_2840,
    0x0040_1004_8008_0080,
    0x0201_2802_8004_0080,
    0x4809_0013_0008_1400,
    0x2a14_0204_0010_0801,
    0x00c1_0882_0008_640f,
    0x00e0_20c0_0180_0080,
    0x2040_2010_0040_0040,
    0x0013_a000_8580_1000,
    0x4428_8010_0080_0804,
    0x8000_8004_0080_0800,
    0x0182_0184_0200_1008,
    0x0002_0081_0200_0408,
    0x0001_0000_8100_0072,
    0x00a0_4000_8061_8002,
    0x0010_0840_2008_4008,
    0x0001_0040_2009_0013,
    0x4020_1000_0800_8080,
    0x1814_0008_0080_8004,
    0x5001_0008_0401_0002,
    0x0002_0402_0001_0100,
    0x42d8_1080_6102_0004,
    0x48c5_0430_4482_0200,
    0x0014_4880_2205_0200,
    0x4400_1020_0100_4100,
    0x4050_0008_2011_0100,
    0x0004_0008_0004_8080,
    0x0403_0002_0400_8900,
    0xb804_8002_0001_0080,
    0x1c80_0400_6089_0200,
    0x0008_9500_a200_4382,
    0x0880_4000_5082_a501,
    0x0080_2000_4009_0011,
    0x4006_0020_1004_400a,
    0x0422_0008_0410_2002,
    0x0602_0010_0104_0882,
    0x8000_6102_0810_0084,
    0x9002_0884_0300_40a2,
];

/// The bishop magics by square, as [`find`] found them from the seed in
/// [`Tables::build`] (kept so the search does not run at every start: it
/// took 0.1 s).
const BISHOP_FACTORS: [u64; 64] = [
    0x2002_2044_0400_8020,
    0x1010_0428_a418_4005,
    0x0241_0401_0040_0008,
    0x0108_1600_4820_8040,
    0x0531_1140_0408_1014,
    0x0001_1008_8420_b408,
    0xc200_6210_1008_0000,
    0x2042_002c_0208_8400,
    0x0220_5010_1000_9090,
    0x0022_8210_0208_9500,
    0x0820_8404_0420_4400,
    0x0030_0410_4213_0800,
    0x0000_0404_2244_0288,
    0x800d_8110_0804_0018,
    0x0901_4124_0114_40a4,
    0x0002_0202_0101_4800,
    0x1208_a012_1010_1082,
    0x0002_0404_040c_4402,
    0x0818_8010_0026_0020,
    0x1111_0098_0411_0080,
    0x009c_000a_04a2_0440,
    0x0880_8004_1000_8840,
    0x0444_0082_4622_1000,
    0x00c0_2002_1212_0204,
    0x2544_1028_21a0_4150,
    0x4004_2010_9002_0089,
    0x1003_4040_0409_0a01,
    0x0040_0400_2600_9010,
    0x0821_0012_8100_4002,
    0x2408_0080_6110_0080,
    0x0046_0606_0188_4134,
    0x0000_8282_2200_5440,
    0x0410_02a0_0810_8401,
    0x0104_2202_a108_1000,
    0x1001_4410_0002_0420,
    0x1120_6008_0003_0050,
    0x0000_4040_4004_0100,
    0x1010_0410_2001_1000,
    0x8008_080d_0500_5121,
    0x8044_2080_20c2_0112,
    0x0684_4402_08e0_4028,
    0x0100_5808_0402_8910,
    0x0200_0840_4800_1003,
    0x1002_3084_0102_3020,
    0x0004_8850_1010_0500,
    0x8082_00a1_0202_2100,
    0x1008_0124_1410_0092,
    0x0004_ac04_00c8_0060,
    0x4403_0802_1144_8049,
    0x0880_8084_0120_0000,
    0x2100_0080_4808_0200,
    0x1902_0c40_8404_0000,
    0x2005_0040_5832_0000,
    0x0010_0420_0411_0894,
    0x1704_1044_0820_9200,
    0x0020_0880_8900_4000,
    0x1480_8400_8201_2080,
    0x0020_4042_0230_0201,
    0x0005_0140_2884_1040,
    0x0000_4404_0084_2400,
    0x8004_0410_a004_2400,
    0x0002_0004_b00a_2204,
    0x0400_0808_0198_0608,
    0x0c40_0280_8410_8480,
];

static TABLES: LazyLock<Tables> = LazyLock::new(Tables::build);

/// The table index of `magic` for `blockers`.
#[inline(always)]
fn slot(magic: &Magic, blockers: u64) -> usize {
    magic.offset + ((blockers & magic.mask).wrapping_mul(magic.factor) >> magic.shift) as usize
}

/// Rook lines from `s`: every square up to and including the first of
/// `blockers` in each direction.
#[inline(always)]
pub(crate) fn rook(s: usize, blockers: u64) -> u64 {
    let t = &*TABLES;
    // SAFETY: `build` checked that every index of every square's magic,
    // for every subset of its mask, lies inside `attacks`.
    unsafe { *t.attacks.get_unchecked(slot(&t.rook[s], blockers)) }
}

/// Bishop lines from `s` (see [`rook`]).
#[inline(always)]
pub(crate) fn bishop(s: usize, blockers: u64) -> u64 {
    let t = &*TABLES;
    // SAFETY: as in `rook`.
    unsafe { *t.attacks.get_unchecked(slot(&t.bishop[s], blockers)) }
}

/// The attacks of a slider moving in `dirs` from `s`, walked ray by ray
/// (how the tables are filled).
fn walk(dirs: &[usize; 4], s: usize, blockers: u64) -> u64 {
    dirs.iter().fold(0, |t, &d| t | slide(d, s, blockers))
}

/// The squares whose blockers matter for a slider on `s`: its lines
/// without their last square (a blocker there changes nothing).
fn relevant(dirs: &[usize; 4], s: usize) -> u64 {
    dirs.iter().fold(0, |m, &d| {
        let line = slide(d, s, 0);
        let last = if line == 0 {
            0
        } else if d < 4 {
            1u64 << (63 - line.leading_zeros())
        } else {
            line & line.wrapping_neg()
        };
        m | line & !last
    })
}

impl Tables {
    fn build() -> Tables {
        let mut attacks = Vec::new();
        let mut state = 0x4f52_5448_4f44_4f58; // any fixed seed: the same magics every run
        let mut rook = [Magic::default(); 64];
        let mut bishop = [Magic::default(); 64];
        for s in 0..64 {
            rook[s] = find(&ORTHOGONAL, s, ROOK_FACTORS[s], &mut state, &mut attacks);
            bishop[s] = find(&DIAGONAL, s, BISHOP_FACTORS[s], &mut state, &mut attacks);
        }
        Tables { rook, bishop, attacks: attacks.into_boxed_slice() }
    }
}

/// The magic for a slider moving in `dirs` from `s`, `known` if it fits,
/// else searched; appends its attacks to `table`.
fn find(dirs: &[usize; 4], s: usize, known: u64, state: &mut u64, table: &mut Vec<u64>) -> Magic {
    let mask = relevant(dirs, s);
    let bits = mask.count_ones();
    // Every subset of the mask (carry-rippler) with its attacks.
    let mut subsets = Vec::with_capacity(1 << bits);
    let mut sub = 0u64;
    loop {
        subsets.push((sub, walk(dirs, s, sub)));
        sub = sub.wrapping_sub(mask) & mask;
        if sub == 0 {
            break;
        }
    }
    let offset = table.len();
    table.resize(offset + subsets.len(), 0);
    let mut used = vec![0u32; subsets.len()];
    for attempt in 1u32.. {
        let factor = if attempt == 1 { known } else { sparse(state) };
        if (mask.wrapping_mul(factor) >> 56).count_ones() < 6 {
            continue;
        }
        let magic = Magic { mask, factor, shift: 64 - bits, offset };
        let fits = subsets.iter().all(|&(blockers, seen)| {
            let i = slot(&magic, blockers) - offset;
            let free = used[i] != attempt;
            if free {
                used[i] = attempt;
                table[offset + i] = seen;
            }
            free || table[offset + i] == seen
        });
        if fits {
            return magic;
        }
    }
    unreachable!("the attempts never run out")
}

/// A random number with few bits set (magics are found faster among those).
fn sparse(state: &mut u64) -> u64 {
    let mut draw = || {
        let (next, value) = splitmix(*state);
        *state = next;
        value
    };
    draw() & draw() & draw()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kept_magics_are_the_ones_the_search_finds() {
        let mut state = 0x4f52_5448_4f44_4f58;
        let mut table = Vec::new();
        for s in 0..64 {
            assert_eq!(find(&ORTHOGONAL, s, 0, &mut state, &mut table).factor, ROOK_FACTORS[s]);
            assert_eq!(find(&DIAGONAL, s, 0, &mut state, &mut table).factor, BISHOP_FACTORS[s]);
        }
    }

    #[test]
    fn magics_agree_with_walking_the_rays() {
        let mut state = 7u64;
        for _ in 0..20_000 {
            let (next, blockers) = splitmix(state);
            let (next, sparse) = splitmix(next);
            state = next;
            let blockers = blockers & sparse;
            for s in 0..64 {
                assert_eq!(rook(s, blockers), walk(&ORTHOGONAL, s, blockers), "rook on {s}, blockers {blockers:#x}");
                assert_eq!(bishop(s, blockers), walk(&DIAGONAL, s, blockers), "bishop on {s}, blockers {blockers:#x}");
            }
        }
    }
}
