// Package num formats the numbers of tables: fixed decimals with the display forms' sign
// rules, p-values with their floor, counts, and the data forms' full-precision values
// (Python's float repr). The table model (to compare values as shown) and the renderers
// both use it, so it sits below both.
package num
