-- The benchmark floor: an EVALSHA that does nothing but answer in the limiter's reply shape.
return {1, 0, 0, 0}
