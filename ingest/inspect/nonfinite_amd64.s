//go:build amd64 && !purego

#include "textflag.h"

// BCAST fills the vector register y with the byte repeated in c8.
#define BCAST(c8, x, y) \
	MOVQ $c8, AX \
	MOVQ AX, x \
	VPBROADCASTQ x, y

// func nonFiniteAVX2(p []byte) (at, scanned int)
TEXT ·nonFiniteAVX2(SB), NOSPLIT, $0-40
	MOVQ p_base+0(FP), SI
	MOVQ p_len+8(FP), CX
	XORQ DX, DX
	BCAST(0x4e4e4e4e4e4e4e4e, X8, Y8)   // 'N'
	BCAST(0x6161616161616161, X9, Y9)   // 'a'
	BCAST(0x4949494949494949, X10, Y10) // 'I'
	BCAST(0x6e6e6e6e6e6e6e6e, X11, Y11) // 'n'
	BCAST(0x6666666666666666, X12, Y12) // 'f'
	BCAST(0x6969696969696969, X13, Y13) // 'i'

loop:
	// 32 starting positions while their four bytes are in p.
	MOVQ CX, AX
	SUBQ DX, AX
	CMPQ AX, $35
	JLT  none
	LEAQ (SI)(DX*1), DI
	VMOVDQU (DI), Y0
	VMOVDQU 1(DI), Y1
	VMOVDQU 2(DI), Y2
	VMOVDQU 3(DI), Y3
	VPCMPEQB Y8, Y0, Y4  // N
	VPCMPEQB Y9, Y1, Y5  // a
	VPAND    Y5, Y4, Y4
	VPCMPEQB Y8, Y2, Y5  // N
	VPAND    Y5, Y4, Y4
	VPCMPEQB Y10, Y0, Y5 // I
	VPCMPEQB Y11, Y1, Y6 // n
	VPAND    Y6, Y5, Y5
	VPCMPEQB Y12, Y2, Y6 // f
	VPAND    Y6, Y5, Y5
	VPCMPEQB Y13, Y3, Y6 // i
	VPAND    Y6, Y5, Y5
	VPOR     Y5, Y4, Y4
	VPMOVMSKB Y4, AX
	TESTL    AX, AX
	JNZ      found
	ADDQ     $32, DX
	JMP      loop

found:
	BSFL AX, AX
	ADDQ DX, AX
	MOVQ AX, at+24(FP)
	MOVQ DX, scanned+32(FP)
	VZEROUPPER
	RET

none:
	MOVQ $-1, at+24(FP)
	MOVQ DX, scanned+32(FP)
	VZEROUPPER
	RET
