//go:build amd64 && !purego

#include "textflag.h"

// MASK sets dst to the mask of the bytes of Y0 (bits 0–31) and Y1 (bits 32–63) equal to
// the byte repeated in c8.
#define MASK(c8, dst) \
	MOVQ $c8, AX \
	MOVQ AX, X2 \
	VPBROADCASTQ X2, Y2 \
	VPCMPEQB Y2, Y0, Y3 \
	VPCMPEQB Y2, Y1, Y4 \
	VPMOVMSKB Y3, AX \
	VPMOVMSKB Y4, BX \
	SHLQ $32, BX \
	ORQ BX, AX \
	MOVQ AX, dst(FP)

// func blockMasksAVX2(b *[64]byte) (quote, bslash, opens, closes uint64)
TEXT ·blockMasksAVX2(SB), NOSPLIT, $0-40
	MOVQ b+0(FP), SI
	VMOVDQU (SI), Y0
	VMOVDQU 32(SI), Y1
	MASK(0x2222222222222222, quote+8)   // '"'
	MASK(0x5c5c5c5c5c5c5c5c, bslash+16) // '\\'

	// '{' and '[' differ only in 0x20, as '}' and ']' do.
	MOVQ $0x2020202020202020, AX
	MOVQ AX, X2
	VPBROADCASTQ X2, Y2
	VPOR Y2, Y0, Y0
	VPOR Y2, Y1, Y1
	MASK(0x7b7b7b7b7b7b7b7b, opens+24)  // '{'
	MASK(0x7d7d7d7d7d7d7d7d, closes+32) // '}'
	VZEROUPPER
	RET

// func strMasksAVX2(b *[64]byte) (quote, bslash, high uint64)
TEXT ·strMasksAVX2(SB), NOSPLIT, $0-32
	MOVQ b+0(FP), SI
	VMOVDQU (SI), Y0
	VMOVDQU 32(SI), Y1
	MASK(0x2222222222222222, quote+8)   // '"'
	MASK(0x5c5c5c5c5c5c5c5c, bslash+16) // '\\'
	// The bytes that are not ASCII: their high bits, as they are.
	VPMOVMSKB Y0, AX
	VPMOVMSKB Y1, BX
	SHLQ $32, BX
	ORQ BX, AX
	MOVQ AX, high+24(FP)
	VZEROUPPER
	RET
