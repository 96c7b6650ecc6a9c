import AlgebraBasics.Groups.Basic
import AlgebraBasics.Groups.Order
import AlgebraBasics.Parity
import AlgebraBasics.GaussianIntegers
import AlgebraBasics.Modular
