/**
 * The IoT workload of the newer published comparisons: TSBS's trucks ({@code --use-case=iot}),
 * standalone, for the workload abstraction to plug in.
 *
 * <ul>
 * <li>{@link org.tsdbbench.common.iot.IotSpec}: a data set (trucks, time range, log interval, seed);
 *     {@link org.tsdbbench.common.iot.IotScenario}: report C's five, with their TimescaleDB chunk
 *     interval and TDengine stt_trigger.
 * <li>{@link org.tsdbbench.common.iot.IotGenerator}: the records of any trucks, deterministic and
 *     split-independent, as {@link org.tsdbbench.common.iot.IotRowSource}s filling
 *     {@link org.tsdbbench.common.iot.TruckBatch}es (columns per table; a row refers to its truck in
 *     {@link org.tsdbbench.common.iot.Trucks} and marks the one tag it leaves null; NaN is a null field).
 * <li>{@link org.tsdbbench.common.iot.IotLineWriter} and
 *     {@link org.tsdbbench.common.iot.IotFileReader}: TSBS's influx files, plain or gzip, streamed; the
 *     reader's validating pass reports a bad line as one {@link org.tsdbbench.common.iot.IotFileException}.
 * <li>{@link org.tsdbbench.common.iot.IotQueryType} (the meaning of each query),
 *     {@link org.tsdbbench.common.iot.IotQuery} (ids that parse back) and
 *     {@link org.tsdbbench.common.iot.IotQueryCatalog} (parameters drawn from a seed).
 * <li>{@link org.tsdbbench.common.iot.IotAnswers}: every answer in one pass, for a
 *     {@link org.tsdbbench.common.iot.TagModel}; {@link org.tsdbbench.common.iot.IotAnswer#newCheck()}
 *     checks a database's rows ({@code double[]} values, {@code String[]} texts).
 * </ul>
 */
package org.tsdbbench.common.iot;
